import ClackCore
import Foundation

/// A member's claim to lead its wall, retained on `<prefix>/wall/<wall>/leader`
/// (docs/walls.md): `{"member": "middle", "term": 1795000000000}`.
public enum WallClaimWire {
  public static func data(_ claim: WallLeaderClaim) -> Data {
    WireJSON.encode(JSONValue.object(["member": .string(claim.member), "term": .int(claim.term)]))
  }

  public static func claim(_ data: Data) throws(WallWireError) -> WallLeaderClaim {
    guard case .object(let object)? = JSONValue.parse(data) else {
      throw WallWireError(field: "", message: "not a JSON object")
    }
    let reader = WallFieldReader(object: object, path: "")
    let member = try reader.string("member")
    guard !member.isEmpty else { throw WallWireError(field: "member", message: "is empty") }
    return WallLeaderClaim(member: member, term: try reader.int("term", in: 0...Int.max))
  }
}

import Foundation

/// How the API's Codable types go on the wire: sorted keys (stable answers, readable diffs),
/// unescaped slashes, ISO 8601 dates. Keys are spelled out in each type's `CodingKeys`, not
/// converted by a strategy, which would also rewrite dictionary keys such as zone names.
public enum WireJSON {
  public static func encode<T: Encodable>(_ value: T) -> Data {
    // Encoding these plain value types cannot fail (no custom encoder throws).
    (try? encoder.encode(value)) ?? Data("{}".utf8)
  }

  public static func text<T: Encodable>(_ value: T) -> String {
    String(decoding: encode(value), as: UTF8.self)
  }

  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decoder.decode(type, from: data)
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}

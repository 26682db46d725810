import ClackCore
import ClackHAL

/// How long a message board (a Vestaboard) takes to show a change: its transition's steps,
/// then its flaps settling. The board animates on its own and reports nothing until it is
/// done, so this estimate is what the display times a page and a landing by.
struct MessageBoardTiming: Sendable, Hashable {
  let rows: Int
  let cols: Int
  /// From the last step (or the message, without a transition) until every flap rests.
  let settleMicroseconds: Int

  /// The board's own transition for `transition`: the Vestaboard strategies by name; nil for
  /// `fastest` and `reveal`, which the board does as it always does.
  static func animation(_ transition: Transition) -> BoardAnimation? {
    switch transition.kind {
    case .fastest, .reveal: nil
    case .column, .reverseColumn, .edgesToCenter, .row, .diagonal, .random:
      BoardAnimation(
        strategy: transition.kind.rawValue,
        stepIntervalMilliseconds: transition.stepIntervalMilliseconds,
        stepSize: transition.stepSize)
    }
  }

  /// Board time from posting `to` over `from` until it rests: 0 when nothing changes.
  func microseconds(from: [[Int]], to: [[Int]], animation: BoardAnimation?) -> Int {
    guard from != to else { return 0 }
    guard let animation, let interval = animation.stepIntervalMilliseconds else {
      return settleMicroseconds
    }
    let size = max(1, animation.stepSize ?? 1)
    let units =
      switch animation.strategy {
      case "row": rows
      case "edges-to-center": (cols + 1) / 2
      case "diagonal": rows + cols - 1
      case "random": rows * cols
      default: cols
      }
    let steps = (units + size - 1) / size
    return (steps - 1) * interval * 1000 + settleMicroseconds
  }
}

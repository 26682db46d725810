import ClackAPI
import ClackContent
import Foundation
import Testing

@testable import ClackCommands

/// The `clack send --wait` bar says what the message waits for and how long is left, from the
/// daemon's latest estimate: never "0 s left" while it still waits.
@Suite struct SendProgressTests {
  static let board = BoardView(
    name: "b", rows: 1, cols: 1, codes: nil, target: nil, moving: 3, waiting: 2, quiet: false,
    homed: true, zones: [:], modules: [])

  static func message(wait: Double?, note: String? = nil) -> MessageView {
    var view = MessageView(
      Message(
        id: 7, sender: "cli", body: .text("HI"), createdAt: .distantPast,
        notBefore: .distantPast, expiresAt: .distantFuture))
    view.waitSeconds = wait
    view.note = note
    return view
  }

  @Test func inQuietHoursItSaysSoAndCountsDownToTheirEnd() {
    let line = SendCommand.progress(
      Self.message(wait: 7200, note: "quiet hours: it will show when they end"),
      board: Self.board, elapsed: 600, flippingFor: nil, transitionSeconds: 12)
    #expect(line.contains("waiting for quiet hours to end, about 2 h left"))
    #expect(line.hasPrefix("██░"), "ten minutes of two hours and ten: a fourteenth of the bar")
  }

  @Test func behindAnUrgentMessageItCountsTheDaemonsEstimate() {
    let line = SendCommand.progress(
      Self.message(wait: 240), board: Self.board, elapsed: 60, flippingFor: nil,
      transitionSeconds: 5)
    #expect(line.hasSuffix("waiting, about 4 min 5 s left"))
  }

  @Test func aMessageANewerOneReplacesSaysWhy() {
    let line = SendCommand.progress(
      Self.message(wait: nil), board: Self.board, elapsed: 60, flippingFor: nil,
      transitionSeconds: 5)
    #expect(line.hasSuffix("waiting (a newer message for its zone comes first)"))
  }

  @Test func flippingLongerThanPlannedNeverSaysZero() {
    let during = SendCommand.progress(
      Self.message(wait: 0), board: Self.board, elapsed: 4, flippingFor: 3, transitionSeconds: 10)
    #expect(during.hasSuffix("flipping (3 moving, 2 waiting), about 7 s left"))
    let late = SendCommand.progress(
      Self.message(wait: 0), board: Self.board, elapsed: 20, flippingFor: 12,
      transitionSeconds: 10)
    #expect(late.hasSuffix("flipping (3 moving, 2 waiting), nearly there"))
    #expect(!late.contains("0 s left"))
  }
}

import ClackCore
import Testing

@Suite struct FlapCalibrationTests {
  let calibration = FlapCalibration(flapCount: 52, stepsPerRevolution: 4096)

  @Test func aModuleShowingFlapsFurtherOnMovesItsOffsetBackTheShorterWay() {
    let offsets = calibration.offsets(
      current: [0, 100, -30, 7], expected: [0, 0, 10, 7], shown: [2, 51, 10, nil])
    // 2 flaps on: back 158 steps (2 × 78.77); 51 shown for 0 is one flap short: on 79.
    #expect(offsets == [-158, 179, -30, 7])
  }

  @Test func offsetsStayWithinHalfARevolution() {
    let offsets = calibration.offsets(current: [2040], expected: [0], shown: [26])
    #expect(offsets.allSatisfy { abs($0) <= 2048 })
    #expect(calibration.normalised(4096 + 5) == 5)
    #expect(calibration.normalised(-2049) == 2047)
  }

  @Test func theTestPatternShowsEveryFlapButTheBlank() throws {
    let set = try FlapSet(name: "abc", notation: " ABC")
    let frame = FlapCalibration.testPattern(rows: 2, cols: 4, flapSet: set)
    #expect(frame.notations() == [["A", "B", "C", "A"], ["B", "C", "A", "B"]])
    #expect(FlapCalibration.homeFrame(rows: 1, cols: 2, flapSet: set).notations() == [[" ", " "]])
  }

  @Test func typedRowsAreReadIntoAFrameOrRefusedWithWhereAndWhy() throws {
    let set = try FlapSet(name: "abc", notation: " ABC")
    let frame = try ShownRows.frame(["ab c", "CC  "], rows: 2, cols: 4, flapSet: set)
    #expect(frame.notations() == [["A", "B", " ", "C"], ["C", "C", " ", " "]])
    #expect(throws: ShownRowsError.rowCount(given: 1, board: 2)) {
      try ShownRows.frame(["abca"], rows: 2, cols: 4, flapSet: set)
    }
    #expect(throws: ShownRowsError.rowLength(row: 1, given: 3, cols: 4)) {
      try ShownRows.frame(["abca", "abc"], rows: 2, cols: 4, flapSet: set)
    }
    let error = #expect(throws: ShownRowsError.self) {
      try ShownRows.frame(["abca", "abcz"], rows: 2, cols: 4, flapSet: set)
    }
    #expect(error?.description == #"row 2, column 4: "z" is not on the flaps of 'abc'"#)
  }
}

import ClackHAL

/// What every stepper bank keeps besides its bus: each module's latest bus fault, and the
/// all-coils-off pattern. Both are allocated once, so recording a result or switching off
/// allocates nothing in the tick loop (a new fault's message is the one exception: it comes
/// from the HAL error).
struct BankBookkeeping {
  /// The latest bus failure of each module, nil once an operation succeeds again.
  private(set) var busFaults: [ModuleFault?]
  /// Every coil off, for `coilsOff()`.
  let allOff: [UInt8]

  init(moduleCount: Int) {
    busFaults = Array(repeating: nil, count: moduleCount)
    allOff = Array(repeating: 0, count: moduleCount)
  }

  /// Runs one bus operation that serves `modules`, recording its outcome for each of them: a
  /// success clears their faults, a failure marks all of them (one transfer serves them all).
  /// Returns whether it succeeded.
  @discardableResult
  mutating func perform(
    for modules: Range<Int>, _ operation: () throws(HALError) -> Void
  ) -> Bool {
    do {
      try operation()
      for module in modules { busFaults[module] = nil }
      return true
    } catch {
      for module in modules { busFaults[module] = .bus(module, error) }
      return false
    }
  }

  /// `perform(for:_:)` for an operation that serves one module.
  @discardableResult
  mutating func perform(for module: Int, _ operation: () throws(HALError) -> Void) -> Bool {
    perform(for: module..<module + 1, operation)
  }
}

/// Perceived brightness to LED duty. An LED's light is proportional to its duty, but the eye
/// sees lightness, not light: half the duty looks much brighter than half. CIE 1931 lightness
/// (L* = 116·Y^(1/3) − 16, linear below Y = 0.008856) inverted gives the duty for each of 256
/// even steps of lightness, so a fade looks even and a dim colour keeps its hue.
public struct LightnessCurve: Sendable, Hashable {
  /// The duty (0–255) for each lightness (0–255).
  public let duty: [UInt8]

  public init() {
    let duty = (0..<256).map { level in
      let lightness = Double(level) / 255 * 100
      let luminance =
        lightness > 8 ? Self.cube((lightness + 16) / 116) : lightness / 903.3
      return UInt8((luminance * 255).rounded())
    }
    self.duty = duty
  }

  private static func cube(_ x: Double) -> Double { x * x * x }

  public subscript(level: UInt8) -> UInt8 { duty[Int(level)] }
}

import ClackAPI
import ClackRuntime
import ClackWireMapping
import Foundation
import Hummingbird

extension API {
  /// `/calibration`: where a calibration stands, and its steps (docs/calibration.md).
  func addCalibrationRoutes(_ v1: RouterGroup<ClackRequestContext>) {
    v1.get("calibration") { _, _ in Self.json(CalibrationView(await service.calibration())) }
    v1.post("calibration") { request, _ in
      let action = try CalibrationAction.parse(
        JSONValue.parse(Data(buffer: try await body(of: request))))
      let reading: CalibrationReading
      do throws(ServiceError) {
        reading = try await service.calibrate(CalibrationStep(action))
      } catch {
        throw APIError.from(error)
      }
      return Self.json(CalibrationView(reading))
    }
  }
}

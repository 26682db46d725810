import ClackCore
import Foundation

/// The weather as a page shows it, from an Open-Meteo forecast (docs/sources.md, Weather):
/// now, today and tomorrow, each with its temperatures rounded to whole degrees, the condition
/// in a few words and as a colour tile. The request asks for exactly what this reads.
public enum OpenMeteo {
  /// Open-Meteo's public forecast endpoint (no key).
  public static let endpoint = URL(string: "https://api.open-meteo.com/v1/forecast")!

  /// The query for `latitude`, `longitude` in `units`, its days in `timeZone`.
  public static func query(
    latitude: Double, longitude: Double, units: WeatherUnits, timeZone: TimeZone
  ) -> [(String, String)] {
    var items = [
      ("latitude", String(latitude)), ("longitude", String(longitude)),
      ("current", "temperature_2m,weather_code,wind_speed_10m,is_day"),
      ("daily", "temperature_2m_max,temperature_2m_min,weather_code"),
      ("timezone", timeZone.identifier), ("forecast_days", "2"),
    ]
    if units == .imperial {
      items += [("temperature_unit", "fahrenheit"), ("wind_speed_unit", "mph")]
    }
    return items
  }

  /// What pages read (`now.temperature`, `today.high`, `tomorrow.condition`, `now.tile`…),
  /// from a forecast as the query above asks for it. Throws naming what is missing.
  public static func pageData(from forecast: JSONValue, units: WeatherUnits) throws(OpenMeteoError)
    -> JSONValue
  {
    func number(_ path: String) throws(OpenMeteoError) -> Double {
      // Paths written here are constants that parse.
      switch try? JSONPath(path).value(in: forecast) {
      case .int(let value)?: return Double(value)
      case .double(let value)?: return value
      default: throw OpenMeteoError(missing: path)
      }
    }
    func day(_ index: Int) throws(OpenMeteoError) -> JSONValue {
      let code = Int(try number("daily.weather_code[\(index)]"))
      let condition = WeatherCondition(code: code)
      return .object([
        "high": .int(Int(try number("daily.temperature_2m_max[\(index)]").rounded())),
        "low": .int(Int(try number("daily.temperature_2m_min[\(index)]").rounded())),
        "condition": .string(condition.words), "tile": .string(condition.tile),
        "code": .int(code),
      ])
    }
    let code = Int(try number("current.weather_code"))
    let condition = WeatherCondition(code: code)
    let now: JSONValue = .object([
      "temperature": .int(Int(try number("current.temperature_2m").rounded())),
      "wind": .int(Int(try number("current.wind_speed_10m").rounded())),
      "day": .bool(try number("current.is_day") != 0),
      "condition": .string(condition.words), "tile": .string(condition.tile), "code": .int(code),
    ])
    return .object([
      "now": now, "today": try day(0), "tomorrow": try day(1),
      "units": .object([
        "temperature": .string(units == .imperial ? "F" : "C"),
        "wind": .string(units == .imperial ? "MPH" : "KM/H"),
      ]),
    ])
  }
}

/// Degrees Celsius and km/h, or Fahrenheit and mph.
public enum WeatherUnits: String, Sendable, Hashable, CaseIterable {
  case metric, imperial
}

/// A forecast without a value a page needs: Open-Meteo changed, or the URL is not Open-Meteo.
public struct OpenMeteoError: Error, Sendable, Hashable, CustomStringConvertible {
  public let missing: String
  public var description: String { "the answer is not an Open-Meteo forecast: no \(missing)" }
}

/// A WMO weather code (the ones Open-Meteo uses) in a few words, and as a colour tile.
public struct WeatherCondition: Sendable, Hashable {
  public let words: String
  /// A Vestaboard colour code written as a page's text writes it: `{65}` yellow for sun,
  /// `{67}` blue for rain, `{69}` white for cloud, fog and snow, `{68}` violet for storms.
  public let tile: String

  public init(code: Int) {
    let (words, colour): (String, Int) =
      switch code {
      case 0: ("CLEAR", 65)
      case 1: ("MOSTLY CLEAR", 65)
      case 2: ("PARTLY CLOUDY", 69)
      case 3: ("OVERCAST", 69)
      case 45, 48: ("FOG", 69)
      case 51, 53, 55: ("DRIZZLE", 67)
      case 56, 57: ("FREEZING DRIZZLE", 67)
      case 61, 63, 65: ("RAIN", 67)
      case 66, 67: ("FREEZING RAIN", 67)
      case 71, 73, 75, 77: ("SNOW", 69)
      case 80, 81, 82: ("SHOWERS", 67)
      case 85, 86: ("SNOW SHOWERS", 69)
      case 95: ("THUNDERSTORM", 68)
      case 96, 99: ("HAIL STORM", 68)
      default: ("UNKNOWN", 70)
      }
    self.words = words
    tile = "{\(colour)}"
  }
}

import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// The weather source's reading of an Open-Meteo forecast (docs/sources.md, Weather): what
/// it asks for, and what pages get from the answer.
@Suite struct OpenMeteoTests {
  /// An answer in Open-Meteo's format for the query `OpenMeteo.query` makes (Berlin, a wet
  /// November morning).
  static let berlin = #"""
    {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.052,"utc_offset_seconds":3600,
     "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,
     "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C",
                      "weather_code":"wmo code","wind_speed_10m":"km/h","is_day":""},
     "current":{"time":"2026-11-26T08:00","interval":900,"temperature_2m":3.6,
                "weather_code":61,"wind_speed_10m":14.8,"is_day":1},
     "daily_units":{"time":"iso8601","temperature_2m_max":"°C","temperature_2m_min":"°C",
                    "weather_code":"wmo code"},
     "daily":{"time":["2026-11-26","2026-11-27"],"temperature_2m_max":[5.2,2.4],
              "temperature_2m_min":[-0.6,-2.5],"weather_code":[61,71]}}
    """#

  static func text(_ data: JSONValue, _ path: String) throws -> String? {
    try JSONPath(path).value(in: data)?.pageText
  }

  @Test func aForecastBecomesNowTodayAndTomorrowInWholeDegrees() throws {
    let forecast = try #require(JSONValue.parse(Data(Self.berlin.utf8)))
    let data = try OpenMeteo.pageData(from: forecast, units: .metric)
    #expect(try Self.text(data, "now.temperature") == "4")
    #expect(try Self.text(data, "now.wind") == "15")
    #expect(try Self.text(data, "now.condition") == "RAIN")
    #expect(try Self.text(data, "now.tile") == "{67}")
    #expect(try Self.text(data, "now.day") == "true")
    #expect(try Self.text(data, "today.high") == "5" && Self.text(data, "today.low") == "-1")
    #expect(try Self.text(data, "tomorrow.low") == "-3", "-2.5 rounds away from zero")
    #expect(try Self.text(data, "tomorrow.condition") == "SNOW")
    #expect(try Self.text(data, "tomorrow.tile") == "{69}")
    #expect(try Self.text(data, "units.temperature") == "C")
  }

  @Test func anAnswerWithoutAValueAPageNeedsIsRefusedNamingIt() throws {
    let partial = try #require(JSONValue.parse(Data(#"{"current": {"temperature_2m": 3}}"#.utf8)))
    #expect(throws: OpenMeteoError(missing: "current.weather_code")) {
      try OpenMeteo.pageData(from: partial, units: .metric)
    }
    #expect(
      OpenMeteoError(missing: "daily.weather_code[1]").description
        == "the answer is not an Open-Meteo forecast: no daily.weather_code[1]")
  }

  @Test func theQueryAsksForWhatIsReadInTheBoardsTimeZoneAndUnits() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let metric = Dictionary(
      uniqueKeysWithValues: OpenMeteo.query(
        latitude: 52.52, longitude: 13.41, units: .metric, timeZone: berlin))
    #expect(metric["current"] == "temperature_2m,weather_code,wind_speed_10m,is_day")
    #expect(metric["daily"] == "temperature_2m_max,temperature_2m_min,weather_code")
    #expect(metric["timezone"] == "Europe/Berlin" && metric["forecast_days"] == "2")
    #expect(metric["temperature_unit"] == nil, "Celsius is Open-Meteo's default")
    let imperial = Dictionary(
      uniqueKeysWithValues: OpenMeteo.query(
        latitude: 40.71, longitude: -74.01, units: .imperial, timeZone: berlin))
    #expect(imperial["temperature_unit"] == "fahrenheit" && imperial["wind_speed_unit"] == "mph")
    #expect(imperial["longitude"] == "-74.01")
  }

  @Test func everyWMOCodeHasWordsAndATile() {
    let codes =
      [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77]
      + [80, 81, 82, 85, 86, 95, 96, 99]
    for code in codes {
      let condition = WeatherCondition(code: code)
      #expect(condition.words != "UNKNOWN", "code \(code)")
      #expect(["{65}", "{67}", "{68}", "{69}"].contains(condition.tile), "code \(code)")
    }
    #expect(WeatherCondition(code: 42).words == "UNKNOWN")
    #expect(WeatherCondition(code: 95).tile == "{68}")
  }
}

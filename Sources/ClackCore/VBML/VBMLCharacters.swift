/// VBML's character table, as Vestaboard's reference implementation has it (facts from its
/// `characterCodes.ts` and `multipleCharacterMappings.ts`): which characters each code stands
/// for, the first one being the code's own. Text is folded through it one UTF-16 unit at a time,
/// as the reference (JavaScript) does, so a character outside the Basic Multilingual Plane is two
/// units, each folded on its own.
enum VBMLCharacters {
  /// Each code with the characters it stands for, in the reference's order.
  static let table: [(code: Int, characters: [String])] = [
    (
      0,
      [
        " ", "\u{A9}", "\u{AE}", "<", ">", "\u{B2}", "\u{2020}", "\u{2021}", "\u{2C6}", "\u{DE}",
        "\u{FE}", "\u{B5}", "\u{B6}", "*", "^", "\u{AC}", "\u{AB}", "\u{BB}", "\u{203A}", "\u{B3}",
        "\u{B9}", "\u{20AC}", "\u{2039}", "\u{2DC}", "\u{F7}", "\u{3C0}", "\u{2206}", "\u{221A}",
        "\u{222B}", "\u{221E}",
      ]
    ),
    (
      1,
      [
        "A", "a", "\u{E2}", "\u{E0}", "\u{E5}", "\u{E1}", "\u{C0}", "\u{C1}", "\u{C2}", "\u{C3}",
        "\u{C5}", "\u{E3}", "\u{E4}", "\u{C4}", "\u{2202}", "\u{153}", "\u{E6}", "\u{C6}",
      ]
    ),
    (2, ["B", "b"]),
    (3, ["C", "c", "\u{E7}", "\u{C7}", "\u{A2}", "\u{107}", "\u{106}", "\u{10D}", "\u{10C}"]),
    (4, ["D", "d", "\u{D0}", "\u{F0}"]),
    (
      5,
      [
        "E", "e", "\u{E9}", "\u{EA}", "\u{EB}", "\u{E8}", "\u{C8}", "\u{C9}", "\u{CA}", "\u{CB}",
        "\u{20AC}", "\u{A3}", "\u{2211}",
      ]
    ),
    (6, ["F", "f", "\u{192}", "\u{17F}"]),
    (
      7,
      [
        "G", "g", "\u{11F}", "\u{11E}", "\u{123}", "\u{122}", "\u{121}", "\u{120}", "\u{11D}",
        "\u{11C}",
      ]
    ),
    (8, ["H", "h", "\u{127}", "\u{126}", "\u{125}", "\u{124}"]),
    (
      9,
      [
        "I", "i", "\u{ED}", "\u{EF}", "\u{EE}", "\u{EC}", "\u{CC}", "\u{CD}", "\u{CE}", "\u{CF}",
        "|", "\u{A1}",
      ]
    ),
    (10, ["J", "j", "\u{135}", "\u{134}", "\u{12F}", "\u{12E}"]),
    (11, ["K", "k", "\u{137}", "\u{136}", "\u{138}"]),
    (
      12,
      [
        "L", "l", "\u{A3}", "\u{142}", "\u{141}", "\u{13C}", "\u{13B}", "\u{13A}", "\u{139}",
        "\u{13E}", "\u{13D}", "\u{140}", "\u{13F}",
      ]
    ),
    (13, ["M", "m"]),
    (
      14,
      [
        "N", "n", "\u{F1}", "\u{D1}", "\u{144}", "\u{143}", "\u{148}", "\u{147}", "\u{146}",
        "\u{145}",
      ]
    ),
    (
      15,
      [
        "O", "o", "\u{F3}", "\u{F4}", "\u{F2}", "\u{D2}", "\u{D3}", "\u{D4}", "\u{D5}", "\u{D8}",
        "\u{F0}", "\u{F5}", "\u{F8}", "\u{F6}", "\u{D6}",
      ]
    ),
    (16, ["P", "p", "\u{DE}", "\u{FE}", "\u{B6}"]),
    (17, ["Q", "q"]),
    (18, ["R", "r", "\u{155}", "\u{154}", "\u{159}", "\u{158}", "\u{157}", "\u{156}"]),
    (
      19,
      [
        "S", "s", "\u{161}", "\u{160}", "\u{A7}", "\u{15B}", "\u{15A}", "\u{15F}", "\u{15E}",
        "\u{219}", "\u{218}",
      ]
    ),
    (20, ["T", "t", "\u{165}", "\u{164}", "\u{163}", "\u{162}", "\u{167}", "\u{166}"]),
    (
      21,
      [
        "U", "u", "\u{FB}", "\u{F9}", "\u{FA}", "\u{D9}", "\u{DA}", "\u{DB}", "\u{B5}", "\u{16B}",
        "\u{16A}", "\u{16F}", "\u{16E}", "\u{173}", "\u{172}", "\u{DC}",
      ]
    ),
    (22, ["V", "v", "\u{1B2}", "\u{28B}"]),
    (
      23,
      [
        "W", "w", "\u{175}", "\u{174}", "\u{1E81}", "\u{1E80}", "\u{1E83}", "\u{1E82}", "\u{1E85}",
        "\u{1E84}",
      ]
    ),
    (24, ["X", "x", "\u{1E8D}", "\u{1E8C}"]),
    (
      25,
      [
        "Y", "y", "\u{FD}", "\u{FF}", "\u{DD}", "\u{177}", "\u{176}", "\u{1EF3}", "\u{1EF2}",
        "\u{1EF9}", "\u{1EF8}", "\u{178}",
      ]
    ),
    (26, ["Z", "z", "\u{17E}", "\u{17D}", "\u{17A}", "\u{179}", "\u{17C}", "\u{17B}"]),
    (27, ["1", "\u{B9}"]),
    (28, ["2", "\u{B2}"]),
    (29, ["3", "\u{B3}"]),
    (30, ["4"]),
    (31, ["5"]),
    (32, ["6"]),
    (33, ["7"]),
    (34, ["8"]),
    (35, ["9"]),
    (36, ["0"]),
    (37, ["!", "\u{1C3}"]),
    (38, ["@"]),
    (39, ["#", "\u{2116}"]),
    (
      40,
      [
        "$", "\u{A2}", "\u{A3}", "\u{A4}", "\u{A5}", "\u{20A9}", "\u{20AA}", "\u{20AB}", "\u{20AC}",
        "\u{20B9}", "\u{20BA}", "\u{20BD}",
      ]
    ),
    (41, ["(", "[", "{", "\u{27E8}", "\u{AB}"]),
    (42, [")", "]", "}", "\u{27E9}", "\u{BB}"]),
    (44, ["-", "\u{2014}", "\u{2013}", "\u{AF}", "~", "_"]),
    (46, ["+", "\u{B1}", "\u{2213}", "\u{2214}"]),
    (47, ["&"]),
    (48, ["=", "\u{2260}", "\u{2248}", "\u{2261}"]),
    (49, [";", "\u{37E}", "\u{FF1B}"]),
    (50, [":", "\u{A6}"]),
    (
      52,
      [
        "'", "\u{2018}", "\u{2019}", "`", "\u{B4}", "\u{201A}", "\u{201B}", "\u{2B9}", "\u{2BB}",
        "\u{2BD}", "\u{2BE}", "\u{2BF}", "\u{2C8}", "\u{2CA}", "\u{2CB}",
      ]
    ),
    (
      53,
      [
        "\"", "\u{201E}", "\u{201C}", "\u{201D}", "\u{A8}", "\u{2DD}", "\u{2EE}", "\u{2F5}",
        "\u{2F6}", "\u{201F}", "\"",
      ]
    ),
    (54, ["%", "\u{2030}", "\u{2031}"]),
    (55, [",", "\u{B8}", "\u{201A}", "\u{FF0C}", "\u{3001}", "\u{FF64}"]),
    (56, [".", "\u{2024}", "\u{2025}", "\u{2026}"]),
    (59, ["/", "\\", "\u{2044}", "\u{2215}", "\u{29F8}", "\u{2AFB}", "\u{2AFD}", "\u{29F5}"]),
    (60, ["?", "\u{BF}"]),
    (
      62,
      [
        "\u{B0}", "\u{2DA}", "\u{BA}", "\u{A4}", "\u{2022}", "\u{B7}", "\u{2219}", "\u{2218}",
        "\u{26AC}", "\u{29BF}", "\u{2A00}", "\u{2A01}", "\u{2A02}", "\u{2764}\u{FE0F}", "\u{1F9E1}",
        "\u{1F49B}", "\u{1F49A}", "\u{1F499}", "\u{1F49C}", "\u{1F5A4}", "\u{1F90D}", "\u{1F90E}",
        "\u{2764}",
      ]
    ),
  ]

  /// Characters written as several (a fraction, a ligature, an umlaut in German style).
  static let expansions: [UInt16: String] = units([
    "\u{BD}": "1/2",
    "\u{BC}": "1/4",
    "\u{BE}": "3/4",
    "\u{2153}": "1/3",
    "\u{2154}": "2/3",
    "\u{215B}": "1/8",
    "\u{215C}": "3/8",
    "\u{215D}": "5/8",
    "\u{215E}": "7/8",
    "\u{2150}": "1/7",
    "\u{2151}": "1/9",
    "\u{2152}": "1/10",
    "\u{E6}": "AE",
    "\u{C6}": "AE",
    "\u{DF}": "SS",
    "\u{153}": "OE",
    "\u{152}": "OE",
    "\u{2122}": "TM",
    "\u{FC}": "UE",
    "\u{C4}": "AE",
    "\u{E4}": "AE",
    "\u{D6}": "OE",
    "\u{F6}": "OE",
    "\u{DC}": "UE",
    "\u{1E9E}": "SS",
    "\u{2026}": "...",
  ])

  /// The codes a component may name in braces (`{63}`): every character's, and the colours
  /// (63–70) and the filled flap (71); the others are refused.
  static let validCodes: Set<Int> = Set(table.map(\.code)).union(63...71)

  /// The characters kept as they are: each code's own character in lower and upper case, and a
  /// few the later steps read (line breaks, braces, the colour squares' units).
  static let kept: Set<UInt16> = {
    var kept = Set<UInt16>()
    for (_, characters) in table {
      guard let first = characters.first else { continue }
      for form in [first.lowercased(), first.uppercased()] where form.utf16.count == 1 {
        kept.insert(form.utf16.first ?? 0)
      }
    }
    let more =
      "\n\u{201C}\u{2018}{}\u{2B1C}\u{2B1B}\u{2764}"
      + "\u{1F7E5}\u{1F7E7}\u{1F7E8}\u{1F7E9}\u{1F7E6}\u{1F7EA}"
    kept.formUnion(more.utf16)
    return kept
  }()

  /// A unit not kept, folded to the first code that lists it, as that code's own character in
  /// lower case.
  static let folded: [UInt16: UInt16] = {
    var folded: [UInt16: UInt16] = [:]
    for (_, characters) in table {
      guard let own = characters.first?.lowercased().utf16, own.count == 1, let to = own.first
      else { continue }
      for character in characters where character.utf16.count == 1 {
        let unit = character.utf16.first ?? 0
        if folded[unit] == nil { folded[unit] = to }
      }
    }
    return folded
  }()

  /// The code of a kept unit; where several codes list it, the last one (as the reference's
  /// lookup table is built). Nil for a unit no code lists (a lone half of an emoji).
  static let codes: [UInt16: Int] = {
    var codes: [UInt16: Int] = [:]
    for (code, characters) in table {
      for character in characters where character.utf16.count == 1 {
        codes[character.utf16.first ?? 0] = code
      }
    }
    return codes
  }()

  /// Colour squares and hearts in a template, as the codes they stand for (before props are
  /// filled in: a prop's emoji is not converted, as in the reference).
  static let emoji: [(String, String)] = [
    ("\u{1F7E5}", "{63}"), ("\u{1F7E7}", "{64}"), ("\u{1F7E8}", "{65}"), ("\u{1F7E9}", "{66}"),
    ("\u{1F7E6}", "{67}"), ("\u{1F7EA}", "{68}"), ("\u{2B1C}", "{69}"), ("\u{2B1B}", "{70}"),
    ("\u{2764}\u{FE0F}", "{62}"), ("\u{2764}", "{62}"), ("\u{1F9E1}", "{62}"),
    ("\u{1F49B}", "{62}"),
    ("\u{1F49A}", "{62}"), ("\u{1F499}", "{62}"), ("\u{1F49C}", "{62}"), ("\u{1F5A4}", "{62}"),
    ("\u{1F90D}", "{62}"), ("\u{1F90E}", "{62}"), ("\u{DF}", "SS"),
  ]

  /// One unit folded: the emoji variation selector dropped, an expansion, a kept unit as it is,
  /// a listed one as its code's own character, anything else a space.
  static func fold(_ unit: UInt16, into output: inout [UInt16]) {
    if unit == 0xFE0F { return }
    if let expansion = expansions[unit] {
      output.append(contentsOf: expansion.utf16)
    } else if kept.contains(unit) {
      output.append(unit)
    } else {
      output.append(folded[unit] ?? 0x20)
    }
  }

  private static func units(_ map: [String: String]) -> [UInt16: String] {
    var result: [UInt16: String] = [:]
    for (key, value) in map where key.utf16.count == 1 { result[key.utf16.first ?? 0] = value }
    return result
  }
}

/// How a runic script spells English by sound, one word of lower-case ASCII letters at a time:
/// two-letter sounds first (th, ng, …), then c, q and y by their neighbours, then one sign per
/// letter. The Elder and Younger Futhark and the Cirth differ only in their tables.
struct SoundSpelling: Sendable {
  /// Two letters written as one sign (or as a fixed sequence), read left to right.
  var digraphs: [String: String]
  /// Every other letter's sign; c, q and y follow the rules below.
  var letters: [Character: String]
  /// c before e, i or y (city).
  var softC: String
  /// c elsewhere, and q not followed by u; ck is one hard c.
  var hardC: String
  /// qu (queen).
  var qu: String
  /// y before a vowel (yes).
  var consonantY: String
  /// y elsewhere (my, gym).
  var vowelY: String

  func spell(_ word: [Character]) -> String {
    var output = ""
    var index = 0
    func next(_ offset: Int = 1) -> Character? {
      index + offset < word.count ? word[index + offset] : nil
    }
    while index < word.count {
      let letter = word[index]
      if let following = next(), let sign = digraphs[String([letter, following])] {
        output += sign
        index += 2
        continue
      }
      switch letter {
      case "c":
        if let following = next(), "eiy".contains(following) {
          output += softC
        } else {
          output += hardC
          if next() == "k" { index += 1 }  // ck: one sound
        }
      case "q":
        if next() == "u" {
          output += qu
          index += 1
        } else {
          output += hardC
        }
      case "y":
        output += next().map { "aeiou".contains($0) } == true ? consonantY : vowelY
      default:
        output += letters[letter] ?? String(Runic.unknown)
      }
      index += 1
    }
    return output
  }
}

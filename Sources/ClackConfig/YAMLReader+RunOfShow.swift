import ClackAPI
import ClackBoard
import ClackContent
import Foundation

/// Reading a run of show from YAML: the config's `run_of_show` and `schedules`, and the file
/// `clack pages set` sends. The entry's rules are `RunOfShowItem`'s.
extension YAMLReader {
  package func duration() throws(BoardFileError) -> TimeInterval {
    guard let seconds = DurationText.seconds(try string()), seconds > 0 else {
      throw error("must be a duration such as 90s, 5m or 2h")
    }
    return seconds
  }

  /// An entry of `run_of_show` (or, with `inRunOfShow` false, of `schedules`: at cron times,
  /// built-in content only) as written, and its fields, to put a rule's error on the field
  /// it names (`error(for:)`).
  package func runOfShowItem(inRunOfShow: Bool) throws(BoardFileError) -> (
    RunOfShowItem, YAMLFields
  ) {
    let common = ["show", "text", "format", "zone", "transition", "script"]
    let fields =
      inRunOfShow
      ? try self.fields(
        allowed: common + ["page", "cron", "every", "on_change", "dwell", "while", "priority"],
        required: [])
      : try self.fields(allowed: common + ["cron"], required: ["cron", "show"])
    let item = RunOfShowItem(
      page: try fields["page"]?.string(), show: try fields["show"]?.string(),
      text: try fields["text"]?.string(), format: try fields["format"]?.string(),
      cron: try fields["cron"]?.string(), every: try fields["every"]?.duration(),
      onChange: try fields["on_change"]?.bool(), dwell: try fields["dwell"]?.duration(),
      zone: try fields["zone"]?.string(), transition: try fields["transition"]?.string(),
      script: try fields["script"]?.string(), whileHolds: try fields["while"]?.string(),
      priority: try fields["priority"]?.string())
    return (item, fields)
  }

  /// A rule's error put on the field it names in `fields`, with its line, or on this entry.
  package func error(_ failure: RunOfShowError, in fields: YAMLFields) -> BoardFileError {
    failure.field.flatMap { fields[$0] }?.error(failure.message) ?? error(failure.message)
  }

  /// The entries of a run of show: the list under `run_of_show` in a file shaped like the
  /// config, or a file that is the list itself.
  package func runOfShowItems() throws(BoardFileError) -> [RunOfShowItem] {
    let list: YAMLReader
    if node.sequence != nil {
      // Named as in the config and the API's errors: run_of_show[1].every.
      list = YAMLReader(file: file, node: node, path: "run_of_show")
    } else if node.mapping != nil,
      let found = try namedEntries().first(where: { $0.name == "run_of_show" })
    {
      list = found.value
    } else {
      throw error("must be a list of run-of-show entries, or have one under 'run_of_show'")
    }
    return try list.items().map { item throws(BoardFileError) in
      try item.runOfShowItem(inRunOfShow: true).0
    }
  }
}

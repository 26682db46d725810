// swift-tools-version: 6.2
// Clack: a split-flap / LED-matrix display controller. The targets follow the layers in
// docs/architecture.md; a layer may import only the layers below it.
import PackageDescription

let package = Package(
  name: "Clack",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "clack", targets: ["clack"]),
    .library(name: "ClackCore", targets: ["ClackCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    // Layer 1: the pure content core (symbols, frames, layout, quotes, cron). No I/O, no clocks.
    .target(name: "ClackCore"),
    // Board definitions (YAML) parsed into core types, with errors naming file, line and field.
    .target(
      name: "ClackBoard",
      dependencies: ["ClackCore", .product(name: "Yams", package: "Yams")]
    ),
    // Layer 6: the command-line face. Kept in a library so tests can run the commands.
    .target(
      name: "ClackCommands",
      dependencies: [
        "ClackCore", "ClackBoard",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "clack", dependencies: ["ClackCommands"]),
    .testTarget(name: "ClackCoreTests", dependencies: ["ClackCore"]),
    .testTarget(name: "ClackBoardTests", dependencies: ["ClackBoard"]),
    .testTarget(name: "ClackCommandsTests", dependencies: ["ClackCommands"]),
  ],
  swiftLanguageModes: [.v6]
)

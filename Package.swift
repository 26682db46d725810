// swift-tools-version: 6.2
// Clack: a split-flap / LED-matrix display controller. The targets follow the layers in
// docs/architecture.md; a layer may import only the layers below it.
import PackageDescription

/// Where Debian (and Raspberry Pi OS) put libxml2's headers: `pkg-config --cflags libxml-2.0`.
let libxml2Headers = "/usr/include/libxml2"
/// And FreeType's: `pkg-config --cflags freetype2`.
let freetypeHeaders = "/usr/include/freetype2"

let package = Package(
  name: "Clack",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "clack", targets: ["clack"]),
    .library(name: "ClackCore", targets: ["ClackCore"]),
  ],
  traits: [
    .trait(
      name: "GPIOD",
      description:
        "Linux GPIO through libgpiod 1.6 or 2.x, opened at run time (apt libgpiod2, libgpiod3)"
    ),
    .trait(name: "I2C", description: "Linux I2C through i2c-dev and libi2c (apt: libi2c-dev)"),
    .trait(name: "MQTT", description: "MQTT through libmosquitto (apt: libmosquitto-dev)"),
    .default(enabledTraits: ["GPIOD", "I2C", "MQTT"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
    .package(url: "https://github.com/apple/swift-http-types.git", exact: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
    .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
  ],
  targets: [
    // Layer 1: the pure content core (symbols, frames, layout, quotes, cron). No I/O, no clocks.
    .target(name: "ClackCore"),
    // Layer 2: hardware protocols (GPIO, I2C, SPI) and typed errors. Pure Swift, no Foundation.
    .target(name: "ClackHAL"),
    // Layer 2: the Linux backends. Each C library is optional behind a trait, so a laptop
    // without libgpiod or libi2c (or macOS) still builds the rest: --disable-default-traits.
    .target(
      name: "ClackLinuxHAL",
      dependencies: [
        "ClackHAL",
        .target(name: "CGPIOD", condition: .when(platforms: [.linux], traits: ["GPIOD"])),
        .target(name: "CI2C", condition: .when(platforms: [.linux], traits: ["I2C"])),
        .target(name: "CSPIDev", condition: .when(platforms: [.linux])),
      ]
    ),
    // Layer 2: simulated hardware behind the same protocols, modelled at the bus level.
    .target(name: "ClackSimHAL", dependencies: ["ClackHAL", "ClackCore"]),
    // Layer 2: displays with a controller of their own on the network (a Vestaboard's Local
    // API over HTTP). Apart from ClackLinuxHAL so that only the daemon links an HTTP client.
    .target(
      name: "ClackNetworkHAL",
      dependencies: [
        "ClackHAL", "ClackCore",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]),
    // Layer 3: one driver per kind of hardware, generic over the HAL.
    .target(name: "ClackDrivers", dependencies: ["ClackHAL", "ClackCore"]),
    // Above layer 4: opens a board for driving — its drivers on Linux devices or on its
    // simulated twin, its executor and real-time thread. The one place that knows which.
    .target(
      name: "ClackHardware",
      dependencies: [
        "ClackBoard", "ClackCore", "ClackDrivers", "ClackHAL", "ClackSimHAL", "ClackLinuxHAL",
        "ClackScheduler",
      ]
    ),
    // Layer 4: the pure planner (what moves when, within the power budget), the per-tick
    // executors, and the real-time thread that runs them.
    .target(
      name: "ClackScheduler",
      dependencies: [
        "ClackCore", "ClackBoard", "ClackDrivers", "ClackHAL",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
        .target(name: "CRealtime", condition: .when(platforms: [.linux])),
      ]
    ),
    // Layer 5: the content domain and rules: messages, zones, transitions, the content engine
    // (what each zone shows now) and zone rendering. Pure: no I/O, time passed in.
    .target(name: "ClackContent", dependencies: ["ClackCore"]),
    // Layer 5: the durable store (SQLite through GRDB, WAL): messages, quotes, board state,
    // mapped to and from the content layer's types.
    .target(
      name: "ClackStore",
      dependencies: [
        "ClackCore", "ClackContent", .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // Counts the calling thread's heap allocations (interposes malloc): benchmarks only.
    .target(name: "CAllocationCounter"),
    // Benchmark of the real-time executor: tick jitter, deadline misses, allocations per tick.
    .executableTarget(
      name: "clack-bench-executor",
      dependencies: [
        "ClackScheduler", "ClackHardware", "ClackBoard", "ClackCore", "ClackSimHAL",
        "CAllocationCounter", .product(name: "Histogram", package: "hdrhistogram-swift"),
      ]
    ),
    // Benchmark of the pixel frame loop: frames per second, bus time, latency, allocations
    // (scripts/bench-pixels.sh).
    .executableTarget(
      name: "clack-bench-pixels",
      dependencies: [
        "ClackScheduler", "ClackHardware", "ClackBoard", "ClackCore", "ClackDrivers", "ClackHAL",
        "ClackSimHAL", "CAllocationCounter",
      ]),
    // Benchmark of the planner against the lower bound (scripts/bench-planner.sh).
    .executableTarget(
      name: "clack-bench-planner", dependencies: ["ClackScheduler", "ClackBoard", "ClackCore"]),
    // libgpiod's two APIs (1.6 and 2.x), opened with dlopen on first use: one binary runs on
    // Debian 12 and 13 alike (apt libgpiod2 or libgpiod3 to run; nothing to build).
    .target(name: "CGPIOD"),
    .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
    .systemLibrary(name: "CSPIDev"),
    .systemLibrary(name: "CRealtime"),
    // The C allocator's figures and trim (glibc's <malloc.h>): the runtime's memory relief.
    .systemLibrary(name: "CHeap"),
    // libmosquitto's header, and its functions opened with dlopen when MQTT is configured
    // (apt libmosquitto-dev to build; libmosquitto1 to run MQTT).
    .target(name: "CMosquitto"),
    // DNS-SD over mDNS through avahi-daemon (apt libavahi-client-dev to build; libavahi-client3
    // and avahi-daemon to run), Avahi's callbacks kept in C. Not linked (see CLibraryLoader).
    .target(name: "CAvahi", dependencies: ["CLibraryLoader"]),
    // Layer 6: DNS-SD: the daemon advertised on the LAN, and `clack find` (docs/discovery.md).
    .target(name: "ClackDiscovery", dependencies: ["CAvahi"]),
    // The program scripts/vm-test.sh runs inside a VM against the kernel's gpio-sim and i2c-stub.
    .executableTarget(
      name: "clack-hal-check",
      dependencies: [
        "ClackHAL", "ClackLinuxHAL", "ClackDrivers", "ClackCore", "CAllocationCounter",
      ]),
    // Board definitions (YAML) parsed into core types, with errors naming file, line and field.
    .target(
      name: "ClackBoard",
      dependencies: [
        "ClackCore", "CFreeType", "CPNG", "CGIF", "CLibraryLoader",
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    // FreeType's headers (apt libfreetype-dev to build; libfreetype6 to run), for TrueType and
    // OpenType fonts. Not linked (see CLibraryLoader).
    .systemLibrary(name: "CFreeType", providers: [.apt(["libfreetype-dev"])]),
    // libpng's and giflib's headers (apt libpng-dev, libgif-dev to build; libpng16-16, libgif7
    // to run), for PNG and GIF pictures. Not linked (see CLibraryLoader).
    .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
    // Layer 6: the MQTT client under the MQTT face: libmosquitto behind a protocol, optional
    // behind the MQTT trait like the other C libraries.
    .target(
      name: "ClackMQTT",
      dependencies: [
        .target(name: "CMosquitto", condition: .when(platforms: [.linux], traits: ["MQTT"]))
      ]
    ),
    // Layer 6: what the daemon and its clients share: the API's wire types (JSON values,
    // error bodies, the message request), the API key and where the daemon keeps it.
    .target(
      name: "ClackAPI",
      dependencies: [
        "ClackCore", "ClackContent",
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    // Layer 6: the one runtime every face sits on: the board runner, the display loop, the
    // clock, events and the accept service. It never knows whether a board is simulated.
    .target(
      name: "ClackRuntime",
      dependencies: [
        "ClackBoard", "ClackContent", "ClackCore", "ClackHardware", "ClackScheduler", "ClackStore",
        "CHeap", .product(name: "Logging", package: "swift-log"),
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ]
    ),
    // Layer 6: the runtime's answers, refusals and events in the API's JSON: one mapping for
    // every face that sends them.
    .target(
      name: "ClackWireMapping",
      dependencies: [
        "ClackAPI", "ClackRuntime", "ClackStore",
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    // Layer 6: the HTTP face: REST, the Vestaboard Local API, events, metrics, the web page.
    .target(
      name: "ClackHTTPFace",
      dependencies: [
        "ClackAPI", "ClackRuntime", "ClackWireMapping",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      // The web page and the OpenAPI document are built into the program (docs/web.md).
      resources: [
        .embedInCode("Web/index.html"), .embedInCode("Web/app.js"), .embedInCode("Web/app.css"),
        .embedInCode("Web/calibration.js"),
        .embedInCode("Web/openapi.yaml"),
      ]
    ),
    // Layer 6: the MQTT face: messages and commands in; state, discovery and errors out.
    .target(
      name: "ClackMQTTFace",
      dependencies: [
        "ClackAPI", "ClackCore", "ClackMQTT", "ClackRuntime", "ClackStore", "ClackWireMapping",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // Layer 5: the formats live sources bring, read into plain types: feeds (RSS, Atom)
    // through libxml2, calendars (iCalendar) through libical. Untrusted bytes in, no I/O; fuzzed (scripts/fuzz.sh).
    .target(
      name: "ClackSourceFormats",
      dependencies: ["CLibXML2", "CLibICal", "CLibraryLoader"]),
    // libxml2's and libical's functions, calling the libraries through dlopen the first time
    // a feed or calendar is read, so a daemon without either does not map them (nor ICU).
    .target(
      name: "CLibraryLoader",
      cSettings: [.unsafeFlags(["-I\(libxml2Headers)", "-I\(freetypeHeaders)"])]),
    // libxml2's pull parser (apt libxml2-dev to build; libxml2 to run). Not linked (see
    // CLibraryLoader): its headers' folder is given by hand, as pkg-config's would link it.
    .systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2-dev"])]),
    // libical: iCalendar files and their recurrences (apt libical-dev to build; libical3 to run).
    .systemLibrary(name: "CLibICal", providers: [.apt(["libical-dev"])]),
    // Layer 6: the live sources' fetchers (JSON over HTTP(S) through AsyncHTTPClient), which
    // hand what they get to the runtime's service as a face hands it a message; never on the
    // real-time thread or in the display loop.
    .target(
      name: "ClackSources",
      dependencies: [
        "ClackAPI", "ClackContent", "ClackCore", "ClackRuntime", "ClackSourceFormats",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // Layer 6: the composition: reads the config, opens the board (real or its simulated
    // twin: only here), builds the runtime, starts the faces; `clack run`, `sim` and `key`.
    // Layer 6: the daemon's config file, its model and YAML reader (docs/config.md): pure
    // reading, no faces, so the fuzz targets read it as the daemon does.
    .target(
      name: "ClackConfig",
      dependencies: [
        "ClackAPI", "ClackBoard", "ClackContent", "ClackCore", "ClackMQTT", "ClackRuntime",
        "ClackScheduler",
      ]
    ),
    .target(
      name: "ClackDaemon",
      dependencies: [
        "ClackAPI", "ClackBoard", "ClackCommands", "ClackConfig", "ClackContent", "ClackCore",
        "ClackDiscovery", "ClackHardware",
        "ClackHTTPFace", "ClackMQTT", "ClackMQTTFace", "ClackRuntime",
        "ClackSources", "ClackStore", "ClackHAL", "ClackLinuxHAL", "ClackNetworkHAL", "ClackTLS",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // Layer 6: HTTPS on the LAN: the daemon's self-signed certificate (made in the state
    // directory) or the user's own, its fingerprint, and the clients' trust on first use.
    .target(
      name: "ClackTLS",
      dependencies: ["CCertificateMaker", .product(name: "NIOSSL", package: "swift-nio-ssl")]
    ),
    // The self-signed key and certificate, and SHA-256, from the system's OpenSSL 3 (apt
    // libssl-dev to build; libssl3, on every Debian, to run), opened on first use. Not linked
    // (see CLibraryLoader).
    .target(name: "CCertificateMaker", dependencies: ["CLibraryLoader"]),
    // Layer 6: the command-line face: offline commands and the API's clients. Kept in a
    // library so tests can run the commands; it does not import the daemon.
    .target(
      name: "ClackCommands",
      dependencies: [
        "ClackAPI", "ClackBoard", "ClackConfig", "ClackContent", "ClackCore", "ClackDiscovery",
        "ClackHardware", "ClackScheduler", "ClackTLS",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    // The `clack` program: the command line, with the daemon's commands added.
    .executableTarget(
      name: "clack",
      dependencies: [
        "ClackCommands", "ClackDaemon",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The fuzz targets (Tests/Fuzz): every reader of outside input, read as the daemon reads
    // it. `clack-fuzz` is their libFuzzer binary (scripts/fuzz.sh) or, built plainly, a replayer;
    // ClackFuzzTests replays their seeds and past crashes in every unit test run.
    .target(
      name: "ClackFuzzTargets",
      dependencies: [
        "ClackAPI", "ClackBoard", "ClackConfig", "ClackContent", "ClackCore", "ClackMQTTFace",
        "ClackRuntime", "ClackSourceFormats",
      ],
      path: "Tests/Fuzz/Targets"),
    .executableTarget(
      name: "clack-fuzz", dependencies: ["ClackFuzzTargets"], path: "Tests/Fuzz/Main"),
    .testTarget(
      name: "ClackFuzzTests", dependencies: ["ClackFuzzTargets", "ClackTestSupport"]),
    .testTarget(
      name: "ClackCoreTests", dependencies: ["ClackCore", "ClackTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "ClackHALTests", dependencies: ["ClackHAL"]),
    .testTarget(
      name: "ClackTLSTests",
      dependencies: [
        "ClackTLS", .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]),
    .testTarget(name: "ClackSimHALTests", dependencies: ["ClackSimHAL", "ClackHAL"]),
    // The Local API link against a Clack daemon's Local API face in this process.
    .testTarget(
      name: "ClackNetworkHALTests",
      dependencies: [
        "ClackNetworkHAL", "ClackHAL", "ClackCore",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    // Helpers shared by test targets (long-run switches, shipped boards, fuzz inputs); never
    // part of the program.
    .target(
      name: "ClackTestSupport", dependencies: ["ClackBoard", "ClackCore"],
      path: "Tests/Support/ClackTestSupport"),
    .testTarget(
      name: "ClackDriverTests",
      dependencies: [
        "ClackDrivers", "ClackSimHAL", "ClackCore", "ClackBoard", "ClackHardware", "ClackHAL",
        "ClackTestSupport",
      ]
    ),
    .testTarget(
      name: "ClackBoardTests", dependencies: ["ClackBoard", "ClackCore", "ClackTestSupport"]),
    .testTarget(
      name: "ClackHardwareTests",
      dependencies: [
        "ClackHardware", "ClackBoard", "ClackCore", "ClackDrivers", "ClackScheduler", "ClackSimHAL",
        "ClackTestSupport", "ClackHAL", "ClackLinuxHAL",
      ]),
    // The planner and the executors; the executors run on simulated hardware (ClackSimHAL,
    // ClackDrivers) and through BoardRunner (ClackHardware) as fixtures.
    .testTarget(
      name: "ClackSchedulerTests",
      dependencies: [
        "ClackScheduler", "ClackBoard", "ClackCore", "ClackDrivers", "ClackHAL", "ClackHardware",
        "ClackSimHAL", "ClackTestSupport",
      ]
    ),
    .testTarget(
      name: "ClackCommandsTests",
      dependencies: [
        "ClackCommands", "ClackCore", "ClackBoard", "ClackAPI", "ClackContent", "ClackDiscovery",
        "ClackTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]),
    .testTarget(
      name: "ClackContentTests", dependencies: ["ClackContent", "ClackStore", "ClackCore"]),
    // Helpers for the tests of the runtime and the faces: the runtime in virtual time.
    .target(
      name: "ClackRuntimeTestSupport",
      dependencies: [
        "ClackBoard", "ClackContent", "ClackCore", "ClackDrivers", "ClackHardware", "ClackRuntime",
        "ClackScheduler", "ClackStore",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/Support/ClackRuntimeTestSupport"),
    .testTarget(name: "ClackAPITests", dependencies: ["ClackAPI"]),
    .testTarget(
      name: "ClackSourceFormatsTests", dependencies: ["ClackSourceFormats", "ClackTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "ClackMQTTTests", dependencies: ["ClackMQTT"]),
    .testTarget(
      name: "ClackWireMappingTests",
      dependencies: ["ClackWireMapping", "ClackAPI", "ClackRuntime", "ClackContent", "ClackCore"]),
    .testTarget(
      name: "ClackRuntimeTests",
      dependencies: [
        "ClackRuntime", "ClackRuntimeTestSupport", "ClackBoard", "ClackContent", "ClackCore",
        "ClackHardware", "ClackStore", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "ClackHTTPFaceTests",
      dependencies: [
        "ClackHTTPFace", "ClackAPI", "ClackBoard", "ClackConfig", "ClackDaemon", "ClackRuntime",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "ClackMQTTFaceTests",
      dependencies: ["ClackMQTTFace", "ClackAPI", "ClackCore", "ClackDaemon", "ClackMQTT"]
    ),
    // The faces together over one runtime in this process: REST, the Local API and MQTT agree.
    .testTarget(
      name: "ClackFacesTests",
      dependencies: [
        "ClackAPI", "ClackRuntime", "ClackHTTPFace", "ClackMQTTFace", "ClackMQTT",
        "ClackRuntimeTestSupport", "ClackBoard", "ClackContent", "ClackCore", "ClackHardware",
        "ClackStore", "ClackDaemon", "ClackCommands", "ClackWireMapping", "ClackSources",
        "ClackTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    // The daemon's own parts: its config, doctor, logging and terminal view.
    .testTarget(
      name: "ClackDaemonTests",
      dependencies: [
        "ClackDaemon", "ClackAPI", "ClackDiscovery", "ClackBoard", "ClackConfig", "ClackContent",
        "ClackCore",
        "ClackHAL", "ClackHardware",
        "ClackMQTT", "ClackRuntime", "ClackStore", "ClackTestSupport",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The whole process: tests that start the `clack` binary (built with the tests).
    .testTarget(
      name: "ClackProcessTests", dependencies: ["ClackAPI", "ClackCore", "ClackTestSupport"]),
    .testTarget(
      name: "ClackStoreTests",
      dependencies: [
        "ClackStore", "ClackContent", "ClackCore", .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Every Swift target gets FreeType's and libxml2's header folders, not only the two that
// import them: a target above them builds their clang modules again whenever the cached ones
// go stale (an apt upgrade of linux-libc-dev or libc6-dev changes headers they include, and a
// test target's @testable import sees their internal imports), and must find the headers too.
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-Xcc", "-I\(freetypeHeaders)", "-Xcc", "-I\(libxml2Headers)"])
    ]
}

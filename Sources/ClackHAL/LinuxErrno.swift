// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (errno names are kept as C spells them, so they can be searched for.)
/// The Linux errno values the HAL interprets. They are fixed by the kernel ABI; spelling them
/// out here keeps the error mapping pure and testable on any platform.
public enum LinuxErrno {
  public static let EPERM: Int32 = 1
  public static let ENOENT: Int32 = 2
  public static let EIO: Int32 = 5
  public static let ENXIO: Int32 = 6
  public static let EAGAIN: Int32 = 11
  public static let ENOMEM: Int32 = 12
  public static let EACCES: Int32 = 13
  public static let EBUSY: Int32 = 16
  public static let ENODEV: Int32 = 19
  public static let EINVAL: Int32 = 22
  public static let ENOTTY: Int32 = 25
  public static let EPROTO: Int32 = 71
  public static let EMSGSIZE: Int32 = 90
  public static let EOPNOTSUPP: Int32 = 95
  public static let ENETUNREACH: Int32 = 101
  public static let ETIMEDOUT: Int32 = 110
  public static let ECONNREFUSED: Int32 = 111
  public static let EHOSTUNREACH: Int32 = 113
  public static let EREMOTEIO: Int32 = 121
}

/// layoutd's name and version, as `GET /version` and `--version` report them.
public enum ServiceVersion {
    public static let name = "layoutd"
    public static let version = "0.1.0"
    /// The wire contract's version.
    public static let api = "v1"
}

// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Session",
    products: [.library(name: "Session", targets: ["Session"])],
    targets: [.target(name: "Session")]
)

import GraphExport

/// The components of an archived `UIColor` or `NSColor`, as a map (docs/COREDATA.md lists the
/// fields and where they are documented).
///
/// - `UIColor`: `UIRed`, `UIGreen`, `UIBlue` and `UIAlpha` → `red`, `green`, `blue`, `alpha`; or
///   `UIWhite` and `UIAlpha` → `white`, `alpha`. A `UIColor` with neither is read as an
///   `NSColor`, whose fields it may carry too.
/// - `NSColor`, by `NSColorSpace`: 1 and 2 (calibrated and device RGB), `NSRGB` → `red`, `green`,
///   `blue`, `alpha`; 3 and 4 (calibrated and device white), `NSWhite` → `white`, `alpha`; 5
///   (device CMYK), `NSCMYK` → `cyan`, `magenta`, `yellow`, `black`, `alpha`; 6 (named),
///   `NSCatalogName` and `NSColorName` → `catalog`, `name`. Each starts with `colorSpace`, the
///   space's name. The component fields are ASCII numbers separated by spaces; alpha is 1 when
///   left out. Other color spaces (component-based, pattern) are not decoded.
enum ArchivedColor {
    /// The color's components; throws ``TransformableError`` when its fields are not one of the
    /// forms above.
    static func components(of object: ArchivedObject, in archive: KeyedArchive) throws -> ValueMap {
        if object.className == "UIColor" {
            if let red = try number(object, "UIRed", in: archive) {
                return [
                    "red": .double(red), "green": .double(try required(object, "UIGreen", in: archive)),
                    "blue": .double(try required(object, "UIBlue", in: archive)),
                    "alpha": .double(try number(object, "UIAlpha", in: archive) ?? 1),
                ]
            }
            if let white = try number(object, "UIWhite", in: archive) {
                return ["white": .double(white), "alpha": .double(try number(object, "UIAlpha", in: archive) ?? 1)]
            }
        }
        guard let space = try archive.integer(object["NSColorSpace"], at: "NSColorSpace of \(object.label)") else {
            throw TransformableError.unreadableObject(className: object.className, key: "NSColorSpace")
        }
        switch space {
        case 1, 2:
            return try textComponents(
                object, "NSRGB", space: space == 1 ? "calibratedRGB" : "deviceRGB",
                names: ["red", "green", "blue"], in: archive)
        case 3, 4:
            return try textComponents(
                object, "NSWhite", space: space == 3 ? "calibratedWhite" : "deviceWhite", names: ["white"],
                in: archive)
        case 5:
            return try textComponents(
                object, "NSCMYK", space: "deviceCMYK", names: ["cyan", "magenta", "yellow", "black"], in: archive)
        case 6:
            guard let catalog = try archive.string(object["NSCatalogName"], at: "NSCatalogName of \(object.label)")
            else { throw TransformableError.unreadableObject(className: object.className, key: "NSCatalogName") }
            guard let name = try archive.string(object["NSColorName"], at: "NSColorName of \(object.label)") else {
                throw TransformableError.unreadableObject(className: object.className, key: "NSColorName")
            }
            return ["colorSpace": .string("named"), "catalog": .string(catalog), "name": .string(name)]
        default:
            throw TransformableError.unknownClass("\(object.className) (color space \(space))")
        }
    }

    /// The components archived as ASCII numbers separated by spaces (`"0.5 0.25 1 1"`, perhaps
    /// ending in a NUL byte): `names`, then an optional alpha.
    private static func textComponents(
        _ object: ArchivedObject, _ key: String, space: String, names: [String], in archive: KeyedArchive
    ) throws -> ValueMap {
        guard case .data(let bytes)? = try object[key].map(archive.resolve) else {
            throw TransformableError.unreadableObject(className: object.className, key: key)
        }
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map { Double($0) }
        guard numbers.count == names.count || numbers.count == names.count + 1,
            numbers.allSatisfy({ $0 != nil })
        else {
            throw TransformableError.unreadableObject(className: object.className, key: key)
        }
        var entries = [ValueMap.Entry(key: "colorSpace", value: .string(space))]
        for (name, number) in zip(names + ["alpha"], numbers.compactMap({ $0 }) + [1]) {
            entries.append(ValueMap.Entry(key: name, value: .double(number)))
        }
        return ValueMap(entries)
    }

    /// A number field (real, integer or boolean); `nil` when absent.
    private static func number(_ object: ArchivedObject, _ key: String, in archive: KeyedArchive) throws -> Double? {
        switch try object[key].map(archive.resolve) {
        case nil, .null?: return nil
        case .real(let number)?: return number
        case .integer(let number)?: return Double(number)
        default: throw TransformableError.unreadableObject(className: object.className, key: key)
        }
    }

    private static func required(_ object: ArchivedObject, _ key: String, in archive: KeyedArchive) throws -> Double {
        guard let number = try number(object, key, in: archive) else {
            throw TransformableError.unreadableObject(className: object.className, key: key)
        }
        return number
    }
}

import Foundation
import SpotlightModel

/// Apple's image attributes (`CSSearchableItemAttributeSet`'s image group: size, camera, exposure
/// and EXIF details), each a property of its name in the donated record (`pixelWidth:1024..`,
/// `acquisitionModel:x100v`). Apple's flags `flashOn`, `redEyeOn`, `hasAlphaChannel` and
/// `focalLength35mm` are booleans (`flashOn:true`), as `supportsPhoneCall` is.
///
/// ```swift
/// attributes.pixelWidth = 1024
/// attributes.pixelHeight = 768
/// attributes.isoSpeed = 400
/// attributes.flashOn = true
/// ```
extension SearchableItemAttributes {
    public var pixelHeight: NSNumber? {
        get { number("pixelHeight") } set { set("pixelHeight", newValue.map(Self.value)) }
    }
    public var pixelWidth: NSNumber? {
        get { number("pixelWidth") } set { set("pixelWidth", newValue.map(Self.value)) }
    }
    public var pixelCount: NSNumber? {
        get { number("pixelCount") } set { set("pixelCount", newValue.map(Self.value)) }
    }
    public var colorSpace: String? {
        get { string("colorSpace") } set { set("colorSpace", newValue.map(PropertyValue.string)) }
    }
    public var bitsPerSample: NSNumber? {
        get { number("bitsPerSample") } set { set("bitsPerSample", newValue.map(Self.value)) }
    }
    public var flashOn: NSNumber? {
        get { number("flashOn") } set { set("flashOn", newValue.map { .bool($0.boolValue) }) }
    }
    public var focalLength: NSNumber? {
        get { number("focalLength") } set { set("focalLength", newValue.map(Self.value)) }
    }
    public var focalLength35mm: NSNumber? {
        get { number("focalLength35mm") } set { set("focalLength35mm", newValue.map { .bool($0.boolValue) }) }
    }
    public var acquisitionMake: String? {
        get { string("acquisitionMake") } set { set("acquisitionMake", newValue.map(PropertyValue.string)) }
    }
    public var acquisitionModel: String? {
        get { string("acquisitionModel") } set { set("acquisitionModel", newValue.map(PropertyValue.string)) }
    }
    public var cameraOwner: String? {
        get { string("cameraOwner") } set { set("cameraOwner", newValue.map(PropertyValue.string)) }
    }
    public var lensModel: String? {
        get { string("lensModel") } set { set("lensModel", newValue.map(PropertyValue.string)) }
    }
    public var isoSpeed: NSNumber? {
        get { number("isoSpeed") } set { set("isoSpeed", newValue.map(Self.value)) }
    }
    public var orientation: NSNumber? {
        get { number("orientation") } set { set("orientation", newValue.map(Self.value)) }
    }
    public var layerNames: [String]? {
        get { strings("layerNames") } set { set("layerNames", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var whiteBalance: NSNumber? {
        get { number("whiteBalance") } set { set("whiteBalance", newValue.map(Self.value)) }
    }
    public var aperture: NSNumber? {
        get { number("aperture") } set { set("aperture", newValue.map(Self.value)) }
    }
    public var profileName: String? {
        get { string("profileName") } set { set("profileName", newValue.map(PropertyValue.string)) }
    }
    public var resolutionWidthDPI: NSNumber? {
        get { number("resolutionWidthDPI") } set { set("resolutionWidthDPI", newValue.map(Self.value)) }
    }
    public var resolutionHeightDPI: NSNumber? {
        get { number("resolutionHeightDPI") } set { set("resolutionHeightDPI", newValue.map(Self.value)) }
    }
    public var exposureMode: NSNumber? {
        get { number("exposureMode") } set { set("exposureMode", newValue.map(Self.value)) }
    }
    public var exposureTime: NSNumber? {
        get { number("exposureTime") } set { set("exposureTime", newValue.map(Self.value)) }
    }
    public var exifVersion: String? {
        get { string("exifVersion") } set { set("exifVersion", newValue.map(PropertyValue.string)) }
    }
    public var exifgpsVersion: String? {
        get { string("exifgpsVersion") } set { set("exifgpsVersion", newValue.map(PropertyValue.string)) }
    }
    public var hasAlphaChannel: NSNumber? {
        get { number("hasAlphaChannel") } set { set("hasAlphaChannel", newValue.map { .bool($0.boolValue) }) }
    }
    public var redEyeOn: NSNumber? {
        get { number("redEyeOn") } set { set("redEyeOn", newValue.map { .bool($0.boolValue) }) }
    }
    public var meteringMode: String? {
        get { string("meteringMode") } set { set("meteringMode", newValue.map(PropertyValue.string)) }
    }
    public var maxAperture: NSNumber? {
        get { number("maxAperture") } set { set("maxAperture", newValue.map(Self.value)) }
    }
    public var fNumber: NSNumber? {
        get { number("fNumber") } set { set("fNumber", newValue.map(Self.value)) }
    }
    public var exposureProgram: String? {
        get { string("exposureProgram") } set { set("exposureProgram", newValue.map(PropertyValue.string)) }
    }
    public var exposureTimeString: String? {
        get { string("exposureTimeString") } set { set("exposureTimeString", newValue.map(PropertyValue.string)) }
    }
}

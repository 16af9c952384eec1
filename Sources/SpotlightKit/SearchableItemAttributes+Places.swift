import Foundation
import SpotlightModel

/// Apple's place attributes beyond the address (`CSSearchableItemAttributeSet`'s places group:
/// motion and GPS details), each a property of its name in the donated record (`speed:10..`,
/// `gpsMapDatum:wgs84`, `timestamp:2026-06`). The address, `latitude`, `longitude` and `altitude`
/// are in SearchableItemAttributes+More.swift.
///
/// ```swift
/// attributes.gpsTrack = 270
/// attributes.speed = 12.5
/// attributes.timestamp = Date()
/// ```
extension SearchableItemAttributes {
    public var speed: NSNumber? {
        get { number("speed") } set { set("speed", newValue.map(Self.value)) }
    }
    public var timestamp: Date? {
        get { date("timestamp") } set { set("timestamp", newValue.map(PropertyValue.date)) }
    }
    public var imageDirection: NSNumber? {
        get { number("imageDirection") } set { set("imageDirection", newValue.map(Self.value)) }
    }
    public var gpsTrack: NSNumber? {
        get { number("gpsTrack") } set { set("gpsTrack", newValue.map(Self.value)) }
    }
    public var gpsStatus: String? {
        get { string("gpsStatus") } set { set("gpsStatus", newValue.map(PropertyValue.string)) }
    }
    public var gpsMeasureMode: String? {
        get { string("gpsMeasureMode") } set { set("gpsMeasureMode", newValue.map(PropertyValue.string)) }
    }
    public var gpsdop: NSNumber? {
        get { number("gpsdop") } set { set("gpsdop", newValue.map(Self.value)) }
    }
    public var gpsMapDatum: String? {
        get { string("gpsMapDatum") } set { set("gpsMapDatum", newValue.map(PropertyValue.string)) }
    }
    public var gpsDestLatitude: NSNumber? {
        get { number("gpsDestLatitude") } set { set("gpsDestLatitude", newValue.map(Self.value)) }
    }
    public var gpsDestLongitude: NSNumber? {
        get { number("gpsDestLongitude") } set { set("gpsDestLongitude", newValue.map(Self.value)) }
    }
    public var gpsDestBearing: NSNumber? {
        get { number("gpsDestBearing") } set { set("gpsDestBearing", newValue.map(Self.value)) }
    }
    public var gpsDestDistance: NSNumber? {
        get { number("gpsDestDistance") } set { set("gpsDestDistance", newValue.map(Self.value)) }
    }
    public var gpsProcessingMethod: String? {
        get { string("gpsProcessingMethod") } set { set("gpsProcessingMethod", newValue.map(PropertyValue.string)) }
    }
    public var gpsAreaInformation: String? {
        get { string("gpsAreaInformation") } set { set("gpsAreaInformation", newValue.map(PropertyValue.string)) }
    }
    public var gpsDateStamp: Date? {
        get { date("gpsDateStamp") } set { set("gpsDateStamp", newValue.map(PropertyValue.date)) }
    }
    public var gpsDifferential: NSNumber? {
        get { number("gpsDifferential") } set { set("gpsDifferential", newValue.map(Self.value)) }
    }
    /// Apple's older spelling of ``gpsDifferential``: the same attribute.
    public var gpsDifferental: NSNumber? { get { gpsDifferential } set { gpsDifferential = newValue } }
}

import Foundation
import SpotlightModel

/// Apple's music attributes (`CSSearchableItemAttributeSet`'s music group), each a property of its
/// name in the donated record (`lyricist:hammerstein`, `tempo:100..140`, `recordingDate:1959`);
/// `generalMIDISequence` is a boolean. `artist`, `album` and `composer` are in
/// SearchableItemAttributes+More.swift.
///
/// ```swift
/// attributes.lyricist = "Oscar Hammerstein"
/// attributes.musicalGenre = "Jazz"
/// attributes.audioSampleRate = 44_100
/// attributes.tempo = 136
/// ```
extension SearchableItemAttributes {
    public var audioSampleRate: NSNumber? {
        get { number("audioSampleRate") } set { set("audioSampleRate", newValue.map(Self.value)) }
    }
    public var audioChannelCount: NSNumber? {
        get { number("audioChannelCount") } set { set("audioChannelCount", newValue.map(Self.value)) }
    }
    public var tempo: NSNumber? {
        get { number("tempo") } set { set("tempo", newValue.map(Self.value)) }
    }
    public var keySignature: String? {
        get { string("keySignature") } set { set("keySignature", newValue.map(PropertyValue.string)) }
    }
    public var timeSignature: String? {
        get { string("timeSignature") } set { set("timeSignature", newValue.map(PropertyValue.string)) }
    }
    public var audioEncodingApplication: String? {
        get { string("audioEncodingApplication") } set { set("audioEncodingApplication", newValue.map(PropertyValue.string)) }
    }
    public var lyricist: String? {
        get { string("lyricist") } set { set("lyricist", newValue.map(PropertyValue.string)) }
    }
    public var audioTrackNumber: NSNumber? {
        get { number("audioTrackNumber") } set { set("audioTrackNumber", newValue.map(Self.value)) }
    }
    public var recordingDate: Date? {
        get { date("recordingDate") } set { set("recordingDate", newValue.map(PropertyValue.date)) }
    }
    public var musicalGenre: String? {
        get { string("musicalGenre") } set { set("musicalGenre", newValue.map(PropertyValue.string)) }
    }
    public var generalMIDISequence: NSNumber? {
        get { number("generalMIDISequence") } set { set("generalMIDISequence", newValue.map { .bool($0.boolValue) }) }
    }
    public var musicalInstrumentCategory: String? {
        get { string("musicalInstrumentCategory") } set { set("musicalInstrumentCategory", newValue.map(PropertyValue.string)) }
    }
    public var musicalInstrumentName: String? {
        get { string("musicalInstrumentName") } set { set("musicalInstrumentName", newValue.map(PropertyValue.string)) }
    }
}

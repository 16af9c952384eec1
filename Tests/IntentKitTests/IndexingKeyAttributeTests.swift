import Foundation
import IntentKit
import SpotlightModel
import Testing

/// `@Property(indexingKey:)` of any of Apple's attributes, not only the first few: a photo's
/// width, camera and track were donated under their own names only, not as the attributes.
struct ShotEntity: IndexedEntity {
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: LocalizedStringResource("Shot"))
    static let defaultQuery = ShotQuery()
    let id: String
    @Property(indexingKey: \.pixelWidth) var width: Int
    @Property(indexingKey: \.acquisitionModel) var camera: String
    @Property(indexingKey: \.artist) var photographer: String
    @Property(indexingKey: \.gpsTrack) var heading: Double
    @Property(indexingKey: \.thumbnailData) var thumbnail: String

    init(id: String) {
        self.id = id
        width = 1024
        camera = "X100V"
        photographer = "Ann Lee"
        heading = 270.5
        thumbnail = "not an attribute"
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "photo \(id)") }
}

struct ShotQuery: EntityQuery {
    func entities(for identifiers: [ShotEntity.ID]) async throws -> [ShotEntity] { [] }
}

@Test func indexingKeysOfEveryAttributeGroupMapPropertiesToTheirAttributes() {
    let record = ShotEntity(id: "p1").record(bundle: "com.example.Photos")
    #expect(record.properties["pixelWidth"] == .int(1024))
    #expect(record.properties["acquisitionModel"] == .string("X100V"))
    #expect(record.properties["artist"] == .string("Ann Lee"))
    #expect(record.properties["gpsTrack"] == .double(270.5))
    #expect(record.properties["thumbnailData"] == nil, "thumbnailData is not donated")
}

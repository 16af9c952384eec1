import Foundation
import SpotlightKit
import Testing

/// Every attribute Apple documents for `CSSearchableItemAttributeSet` beyond the first 85, set as
/// Apple's samples set them (`attributeSet.pixelWidth = 1024`): removing or renaming one breaks
/// this file's build, and each set one is held by its name.
@Suite struct CoreSpotlightEveryAttributeTests {
    @Test func everyAttributeOfApplesGroupsCompilesAndIsHeldByItsName() {
        let attributeSet = CSSearchableItemAttributeSet(contentType: .image)
        // Images
        attributeSet.pixelHeight = 1
        attributeSet.pixelWidth = 1
        attributeSet.pixelCount = 1
        attributeSet.colorSpace = "x"
        attributeSet.bitsPerSample = 1
        attributeSet.flashOn = true
        attributeSet.focalLength = 1
        attributeSet.focalLength35mm = true
        attributeSet.acquisitionMake = "x"
        attributeSet.acquisitionModel = "x"
        attributeSet.cameraOwner = "x"
        attributeSet.lensModel = "x"
        attributeSet.isoSpeed = 1
        attributeSet.orientation = 1
        attributeSet.layerNames = ["x"]
        attributeSet.whiteBalance = 1
        attributeSet.aperture = 1
        attributeSet.profileName = "x"
        attributeSet.resolutionWidthDPI = 1
        attributeSet.resolutionHeightDPI = 1
        attributeSet.exposureMode = 1
        attributeSet.exposureTime = 1
        attributeSet.exifVersion = "x"
        attributeSet.exifgpsVersion = "x"
        attributeSet.hasAlphaChannel = true
        attributeSet.redEyeOn = true
        attributeSet.meteringMode = "x"
        attributeSet.maxAperture = 1
        attributeSet.fNumber = 1
        attributeSet.exposureProgram = "x"
        attributeSet.exposureTimeString = "x"
        // Media
        attributeSet.contactKeywords = ["x"]
        attributeSet.codecs = ["x"]
        attributeSet.mediaTypes = ["x"]
        attributeSet.streamable = true
        attributeSet.totalBitRate = 1
        attributeSet.videoBitRate = 1
        attributeSet.audioBitRate = 1
        attributeSet.deliveryType = 1
        attributeSet.role = "x"
        attributeSet.rights = "x"
        attributeSet.publishers = ["x"]
        attributeSet.contributors = ["x"]
        attributeSet.coverage = ["x"]
        attributeSet.performers = ["x"]
        attributeSet.originalFormat = "x"
        attributeSet.originalSource = "x"
        attributeSet.local = true
        attributeSet.contentRating = 1
        // Music
        attributeSet.audioSampleRate = 1
        attributeSet.audioChannelCount = 1
        attributeSet.tempo = 1
        attributeSet.keySignature = "x"
        attributeSet.timeSignature = "x"
        attributeSet.audioEncodingApplication = "x"
        attributeSet.lyricist = "x"
        attributeSet.audioTrackNumber = 1
        attributeSet.recordingDate = Date()
        attributeSet.musicalGenre = "x"
        attributeSet.generalMIDISequence = true
        attributeSet.musicalInstrumentCategory = "x"
        attributeSet.musicalInstrumentName = "x"
        // Documents
        attributeSet.audiences = ["x"]
        attributeSet.pageWidth = 1
        attributeSet.pageHeight = 1
        attributeSet.securityMethod = "x"
        attributeSet.encodingApplications = ["x"]
        attributeSet.fontNames = ["x"]
        // Messaging
        attributeSet.mailboxIdentifiers = ["x"]
        attributeSet.authorEmailAddresses = ["x"]
        attributeSet.recipientEmailAddresses = ["x"]
        attributeSet.authorAddresses = ["x"]
        attributeSet.recipientAddresses = ["x"]
        // Places
        attributeSet.speed = 1
        attributeSet.timestamp = Date()
        attributeSet.imageDirection = 1
        attributeSet.gpsTrack = 1
        attributeSet.gpsStatus = "x"
        attributeSet.gpsMeasureMode = "x"
        attributeSet.gpsdop = 1
        attributeSet.gpsMapDatum = "x"
        attributeSet.gpsDestLatitude = 1
        attributeSet.gpsDestLongitude = 1
        attributeSet.gpsDestBearing = 1
        attributeSet.gpsDestDistance = 1
        attributeSet.gpsProcessingMethod = "x"
        attributeSet.gpsAreaInformation = "x"
        attributeSet.gpsDateStamp = Date()
        attributeSet.gpsDifferential = 1
        // General
        attributeSet.providerDataTypeIdentifiers = ["x"]
        attributeSet.providerFileTypeIdentifiers = ["x"]
        attributeSet.providerInPlaceFileTypeIdentifiers = ["x"]
        attributeSet.transcribedTextContent = "x"
        attributeSet.containerOrder = 1
        attributeSet.emailHeaders = ["Subject": ["x"]]
        attributeSet.likelyJunk = true
        attributeSet.gpsDifferental = 1
        attributeSet.sharedItemContentType = .jpeg
        attributeSet.htmlContentData = Data("<p>x</p>".utf8)
        _ = (attributeSet.isPriority, attributeSet.textContentSummary)
        let mailboxes = [CSMailboxInbox, CSMailboxDrafts, CSMailboxSent, CSMailboxJunk, CSMailboxTrash, CSMailboxArchive]
        #expect(Set(mailboxes).count == 6)
        // Every line above but the alias gpsDifferental and the undonated htmlContentData is one attribute.
        #expect(attributeSet.values.count == 97)
        #expect(attributeSet.htmlContentData == Data("<p>x</p>".utf8))
    }
}

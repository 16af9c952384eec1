/// The content type constants of Apple's older samples (`kUTTypeText` and friends, from
/// MobileCoreServices, deprecated by Apple for `UTType`), as the identifiers they are, so
/// `CSSearchableItemAttributeSet(itemContentType: kUTTypeData as String)` compiles as written
/// once `import MobileCoreServices` is dropped.
///
/// ```swift
/// let attributes = CSSearchableItemAttributeSet(itemContentType: kUTTypeText as String)
/// attributes.contentType   // "public.text"
/// ```
public let kUTTypeItem = UTType.item.identifier
/// Apple's `kUTTypeContent`: `UTType.content`'s identifier.
public let kUTTypeContent = UTType.content.identifier
/// Apple's `kUTTypeData`: `UTType.data`'s identifier.
public let kUTTypeData = UTType.data.identifier
/// Apple's `kUTTypeText`: `UTType.text`'s identifier.
public let kUTTypeText = UTType.text.identifier
/// Apple's `kUTTypePlainText`: `UTType.plainText`'s identifier.
public let kUTTypePlainText = UTType.plainText.identifier
/// Apple's `kUTTypeUTF8PlainText`: `UTType.utf8PlainText`'s identifier.
public let kUTTypeUTF8PlainText = UTType.utf8PlainText.identifier
/// Apple's `kUTTypeHTML`: `UTType.html`'s identifier.
public let kUTTypeHTML = UTType.html.identifier
/// Apple's `kUTTypeURL`: `UTType.url`'s identifier.
public let kUTTypeURL = UTType.url.identifier
/// Apple's `kUTTypeJSON`: `UTType.json`'s identifier.
public let kUTTypeJSON = UTType.json.identifier
/// Apple's `kUTTypeImage`: `UTType.image`'s identifier.
public let kUTTypeImage = UTType.image.identifier
/// Apple's `kUTTypeAudio`: `UTType.audio`'s identifier.
public let kUTTypeAudio = UTType.audio.identifier
/// Apple's `kUTTypeMovie`: `UTType.movie`'s identifier.
public let kUTTypeMovie = UTType.movie.identifier
/// Apple's `kUTTypePDF`: `UTType.pdf`'s identifier.
public let kUTTypePDF = UTType.pdf.identifier
/// Apple's `kUTTypeContact`: `UTType.contact`'s identifier.
public let kUTTypeContact = UTType.contact.identifier
/// Apple's `kUTTypeVCard`: `UTType.vCard`'s identifier.
public let kUTTypeVCard = UTType.vCard.identifier
/// Apple's `kUTTypeCalendarEvent`: `UTType.calendarEvent`'s identifier.
public let kUTTypeCalendarEvent = UTType.calendarEvent.identifier
/// Apple's `kUTTypeEmailMessage`: `UTType.emailMessage`'s identifier.
public let kUTTypeEmailMessage = UTType.emailMessage.identifier
/// Apple's `kUTTypeMessage`: `UTType.message`'s identifier.
public let kUTTypeMessage = UTType.message.identifier
/// Apple's `kUTTypeFolder`: `UTType.folder`'s identifier.
public let kUTTypeFolder = UTType.folder.identifier
/// Apple's `kUTTypeJPEG`: `UTType.jpeg`'s identifier.
public let kUTTypeJPEG = UTType.jpeg.identifier
/// Apple's `kUTTypePNG`: `UTType.png`'s identifier.
public let kUTTypePNG = UTType.png.identifier
/// Apple's `kUTTypeGIF`: `UTType.gif`'s identifier.
public let kUTTypeGIF = UTType.gif.identifier
/// Apple's `kUTTypeTIFF`: `UTType.tiff`'s identifier.
public let kUTTypeTIFF = UTType.tiff.identifier
/// Apple's `kUTTypeMP3`: `UTType.mp3`'s identifier.
public let kUTTypeMP3 = UTType.mp3.identifier
/// Apple's `kUTTypeMPEG4`: `UTType.mpeg4Movie`'s identifier.
public let kUTTypeMPEG4 = UTType.mpeg4Movie.identifier
/// Apple's `kUTTypeQuickTimeMovie`: `UTType.quickTimeMovie`'s identifier.
public let kUTTypeQuickTimeMovie = UTType.quickTimeMovie.identifier
/// Apple's `kUTTypeRTF`: `UTType.rtf`'s identifier.
public let kUTTypeRTF = UTType.rtf.identifier
/// Apple's `kUTTypeXML`: `UTType.xml`'s identifier.
public let kUTTypeXML = UTType.xml.identifier
/// Apple's `kUTTypeCommaSeparatedText`: `UTType.commaSeparatedText`'s identifier.
public let kUTTypeCommaSeparatedText = UTType.commaSeparatedText.identifier
/// Apple's `kUTTypeZipArchive`: `UTType.zip`'s identifier.
public let kUTTypeZipArchive = UTType.zip.identifier
/// Apple's `kUTTypeFileURL`: `UTType.fileURL`'s identifier.
public let kUTTypeFileURL = UTType.fileURL.identifier
/// Apple's `kUTTypeDirectory`: `UTType.directory`'s identifier.
public let kUTTypeDirectory = UTType.directory.identifier

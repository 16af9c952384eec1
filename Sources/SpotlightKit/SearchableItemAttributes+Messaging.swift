import Foundation
import SpotlightModel

/// Apple's message attributes beyond the people (`CSSearchableItemAttributeSet`'s messaging group),
/// each a property of its name in the donated record (`mailboxIdentifiers:inbox`,
/// `authorEmailAddresses:"ann@example.com"`). The `CSPerson` ones are in CSPerson.swift, the
/// accounts in SearchableItemAttributes+Accounts.swift.
///
/// ```swift
/// attributes.mailboxIdentifiers = [CSMailboxInbox]
/// attributes.authorEmailAddresses = ["ann@example.com"]
/// attributes.emailHeaders = ["List-Id": ["<astro.example.org>"]]
/// attributes.likelyJunk = false
/// ```
extension SearchableItemAttributes {
    public var mailboxIdentifiers: [String]? {
        get { strings("mailboxIdentifiers") } set { set("mailboxIdentifiers", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var authorEmailAddresses: [String]? {
        get { strings("authorEmailAddresses") } set { set("authorEmailAddresses", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var recipientEmailAddresses: [String]? {
        get { strings("recipientEmailAddresses") } set { set("recipientEmailAddresses", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var authorAddresses: [String]? {
        get { strings("authorAddresses") } set { set("authorAddresses", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    public var recipientAddresses: [String]? {
        get { strings("recipientAddresses") } set { set("recipientAddresses", newValue.map { .array($0.map(PropertyValue.string)) }) }
    }
    /// The message's headers by name, each with its values (a header may occur more than once), held
    /// as one `"Name: value"` string per value so a query finds them (`emailHeaders == "List-Id:*"`);
    /// a value that is not a string is held as its description.
    public var emailHeaders: [String: [Any]]? {
        get {
            guard let lines = strings("emailHeaders") else { return nil }
            var headers: [String: [Any]] = [:]
            for line in lines {
                guard let colon = line.range(of: ": ") else { continue }
                headers[String(line[..<colon.lowerBound]), default: []].append(String(line[colon.upperBound...]))
            }
            return headers
        }
        set {
            let lines = newValue.map { headers in
                headers.sorted { $0.key < $1.key }.flatMap { name, values in
                    values.map { "\(name): \(($0 as? String) ?? String(describing: $0))" }
                }
            }
            set("emailHeaders", lines.map { .array($0.map(PropertyValue.string)) })
        }
    }
    /// Whether the message is likely junk (never nil, as Apple's: false until set); a boolean
    /// (`likelyJunk:true`).
    public var likelyJunk: NSNumber {
        get { number("likelyJunk") ?? false } set { set("likelyJunk", .bool(newValue.boolValue)) }
    }
}

/// Core Spotlight's names for the common mailboxes, for `mailboxIdentifiers`. Apple's pages do not
/// give their values; here each is the mailbox's name in lower case (`mailboxIdentifiers:inbox`).
public let CSMailboxInbox = "inbox"
public let CSMailboxDrafts = "drafts"
public let CSMailboxSent = "sent"
public let CSMailboxJunk = "junk"
public let CSMailboxTrash = "trash"
public let CSMailboxArchive = "archive"

import Foundation
import SpotlightModel

/// A person of a message, as Core Spotlight's `CSPerson`: a name, the handles they are reached
/// by and what kind of handle those are (`CNContactEmailAddressesKey`, ...).
///
/// ```swift
/// attributes.authors = [CSPerson(displayName: "Ann Lee", handles: ["ann@example.com"],
///                                handleIdentifier: CNContactEmailAddressesKey)]
/// ```
public final class CSPerson: NSObject {
    public let displayName: String?
    public let handles: [String]
    public let handleIdentifier: String
    /// The person's contact, if the app knows it.
    public var contactIdentifier: String?

    public init(displayName: String?, handles: [String], handleIdentifier: String) {
        self.displayName = displayName
        self.handles = handles
        self.handleIdentifier = handleIdentifier
    }

    /// The person as a property value: `[name, handle kind, contact, [handles]]`, an empty
    /// string for what is nil; a query string finds the person by name or handle.
    var value: PropertyValue {
        .array([.string(displayName ?? ""), .string(handleIdentifier), .string(contactIdentifier ?? ""),
                .array(handles.map(PropertyValue.string))])
    }

    /// The person a property value holds; nil for one of another shape.
    convenience init?(_ value: PropertyValue) {
        guard case .array(let parts) = value, parts.count == 4,
              case .string(let name) = parts[0], case .string(let kind) = parts[1], case .string(let contact) = parts[2],
              case .array(let handles) = parts[3] else { return nil }
        self.init(displayName: name.isEmpty ? nil : name,
                  handles: handles.compactMap { if case .string(let h) = $0 { h } else { nil } }, handleIdentifier: kind)
        contactIdentifier = contact.isEmpty ? nil : contact
    }
}

/// Contacts' names for the kinds of handle a ``CSPerson`` has (there is no Contacts framework here).
public let CNContactEmailAddressesKey = "emailAddresses"
public let CNContactPhoneNumbersKey = "phoneNumbers"
public let CNContactInstantMessageAddressesKey = "instantMessageAddresses"

/// The people of a message, each a property of its name holding the persons
/// (`authors == "Ann*"` finds a name or a handle).
extension SearchableItemAttributes {
    public var authors: [CSPerson]? { get { people("authors") } set { setPeople("authors", newValue) } }
    public var recipients: [CSPerson]? { get { people("recipients") } set { setPeople("recipients", newValue) } }
    public var primaryRecipients: [CSPerson]? {
        get { people("primaryRecipients") } set { setPeople("primaryRecipients", newValue) }
    }
    public var additionalRecipients: [CSPerson]? {
        get { people("additionalRecipients") } set { setPeople("additionalRecipients", newValue) }
    }
    public var hiddenAdditionalRecipients: [CSPerson]? {
        get { people("hiddenAdditionalRecipients") } set { setPeople("hiddenAdditionalRecipients", newValue) }
    }

    private func people(_ name: String) -> [CSPerson]? {
        guard case .array(let items) = values[name] else { return nil }
        return items.compactMap(CSPerson.init)
    }

    private func setPeople(_ name: String, _ people: [CSPerson]?) {
        set(name, people.map { .array($0.map(\.value)) })
    }
}

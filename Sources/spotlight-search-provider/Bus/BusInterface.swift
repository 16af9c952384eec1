/// One D-Bus interface the provider's object serves: its methods, their arguments and the
/// Swift code that answers them. The same description drives dispatch and `Introspect`.
struct BusInterface: Sendable {
    let name: String
    let methods: [BusMethod]
}

/// A method: its arguments and an async handler that answers from the arguments received
/// (already checked against ``inputSignature``).
struct BusMethod: Sendable {
    struct Argument: Sendable {
        let name: String
        let signature: String
    }

    let name: String
    let inputs: [Argument]
    let outputs: [Argument]
    let handler: @Sendable ([BusValue]) async -> BusReply

    var inputSignature: String { inputs.map(\.signature).joined() }
}

/// A method's answer: values (matching the method's outputs) or a D-Bus error.
enum BusReply: Sendable {
    case values([BusValue])
    case error(name: String, message: String)

    static let none = BusReply.values([])

    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    static let failed = "org.freedesktop.DBus.Error.Failed"
}

/// `org.freedesktop.DBus.Introspectable.Introspect`'s XML for an object serving `interfaces`.
enum BusIntrospection {
    static func xml(_ interfaces: [BusInterface]) -> String {
        var xml = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
         <interface name="org.freedesktop.DBus.Introspectable">
          <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
         </interface>
         <interface name="org.freedesktop.DBus.Peer">
          <method name="Ping"/>
          <method name="GetMachineId"><arg name="machine_uuid" type="s" direction="out"/></method>
         </interface>

        """
        for interface in interfaces {
            xml += " <interface name=\"\(interface.name)\">\n"
            for method in interface.methods {
                let arguments = method.inputs.map { ($0, "in") } + method.outputs.map { ($0, "out") }
                if arguments.isEmpty {
                    xml += "  <method name=\"\(method.name)\"/>\n"
                    continue
                }
                xml += "  <method name=\"\(method.name)\">\n"
                for (argument, direction) in arguments {
                    xml += "   <arg name=\"\(argument.name)\" type=\"\(argument.signature)\" direction=\"\(direction)\"/>\n"
                }
                xml += "  </method>\n"
            }
            xml += " </interface>\n"
        }
        return xml + "</node>\n"
    }
}

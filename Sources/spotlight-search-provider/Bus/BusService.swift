import Foundation
#if canImport(Glibc)
import Glibc
#endif
internal import CSystemdBus
import SpotlightModel
import SpotlightWire
import Synchronization

/// One object on the session bus, served on a thread of its own: sd-bus is not thread-safe,
/// so only ``run(idleExit:)``'s thread touches the connection. A method call is read there,
/// answered by its async handler on the cooperative pool (many calls may be in flight, so a
/// slow open never holds up as-you-type searches), and the reply is sent back on the bus
/// thread, which an eventfd wakes.
///
/// ```swift
/// let service = try BusService(objectPath: "/org/example/Object", interfaces: [interface], log: log)
/// try service.requestName("org.example.Service", replace: false)
/// try service.run(idleExit: .seconds(120))   // returns after two idle minutes
/// ```
// Not Sendable: the sd-bus connection, slot, owned name, awaiting calls and activity are
// touched only on the bus thread (init, then run). Handler tasks reach only `mailbox`.
final class BusService {
    private let bus: OpaquePointer
    private var slot: OpaquePointer?
    private var ownedName: String?
    /// The match for the bus's `NameLost`, and whether it came for ``ownedName``.
    private var nameLostSlot: OpaquePointer?
    fileprivate var nameLost = false

    let objectPath: String
    let interfaces: [BusInterface]
    let log: SpotlightLog
    private let introspection: String
    private let mailbox: ReplyMailbox
    /// Calls being answered, and when the last one came or went (for the idle exit).
    private var activity: (pending: Int, last: ContinuousClock.Instant) = (0, .now)
    /// Received calls whose reply is not sent yet, by number, each holding a reference to its
    /// message (handler tasks carry the number, not the message).
    private var awaiting: [Int: OpaquePointer] = [:]
    private var callsReceived = 0

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`)
    /// and registers the object.
    init(objectPath: String, interfaces: [BusInterface], log: SpotlightLog) throws(BusError) {
        var connection: OpaquePointer?
        try busCall("sd_bus_open_user") { sd_bus_open_user(&connection) }
        guard let connection else { throw BusError(call: "sd_bus_open_user", errno: ENOMEM) }
        bus = connection
        self.objectPath = objectPath
        self.interfaces = interfaces
        self.log = log
        introspection = BusIntrospection.xml(interfaces)
        do {
            mailbox = ReplyMailbox(waker: try WakePipe())
        } catch {
            sd_bus_flush_close_unref(connection)
            throw BusError(call: error.call, errno: error.errno)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        do {
            try busCall("sd_bus_add_object") { sd_bus_add_object(bus, &slot, objectPath, busServiceCallback, context) }
        } catch {
            sd_bus_flush_close_unref(bus)
            throw error
        }
    }

    deinit {
        for message in awaiting.values { sd_bus_message_unref(message) }
        if let slot { sd_bus_slot_unref(slot) }
        if let nameLostSlot { sd_bus_slot_unref(nameLostSlot) }
        sd_bus_flush_close_unref(bus)
    }

    /// Takes the well-known name; with `replace`, from a running owner that allows it. When
    /// another provider takes it later (`--replace`), ``run(idleExit:)`` returns.
    /// - Throws: `EEXIST` when another process owns it and `replace` is false.
    func requestName(_ name: String, replace: Bool) throws(BusError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try busCall("sd_bus_match_signal(NameLost)") {
            sd_bus_match_signal(bus, &nameLostSlot, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                "org.freedesktop.DBus", "NameLost", busNameLostCallback, context)
        }
        var flags = UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT)
        if replace { flags |= UInt64(SD_BUS_NAME_REPLACE_EXISTING) }
        try busCall("sd_bus_request_name(\(name))") { sd_bus_request_name(bus, name, flags) }
        ownedName = name
    }

    /// The bus says this connection lost `name`: another provider took it.
    fileprivate func lost(_ name: String) {
        if name == ownedName { nameLost = true }
    }

    /// Serves until the bus goes away (returns) or, with `idleExit`, until no call arrived or
    /// was pending for that long (gives the name up and returns; D-Bus activation starts the
    /// provider again on the next call).
    /// - Throws: ``BusError`` for a failure other than the bus closing the connection.
    func run(idleExit: Duration?) throws(BusError) {
        do {
            try serve(idleExit: idleExit)
        } catch where error.isDisconnect {
            log.info("the session bus closed the connection; exiting")
            return
        }
        if let ownedName {
            _ = try? busCall("sd_bus_release_name") { sd_bus_release_name(bus, ownedName) }
            do {
                try answerCallsRoutedBeforeRelease()
            } catch {
                log.error("calls that arrived as the provider gave up \(ownedName) went unanswered: \(error)")
            }
        }
        _ = try? busCall("sd_bus_flush") { sd_bus_flush(bus) }
    }

    /// A call the bus routed here between the last idle check and the bus taking the name back
    /// waits in sd-bus's queue (read while the release waited for its reply): answers every such
    /// call before the provider exits, or GNOME Shell gets "disconnected without replying" and no
    /// results for that keystroke. Calls after the release go to the next activated provider.
    private func answerCallsRoutedBeforeRelease() throws(BusError) {
        while true {
            while try busCall("sd_bus_process", { sd_bus_process(bus, nil) }) > 0 {}
            sendCompleted()
            if activity.pending == 0 { return }
            var wake = pollfd(fd: mailbox.waker.readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&wake, 1, -1) < 0, errno != EINTR { throw BusError(call: "poll", errno: errno) }
            if wake.revents != 0 { mailbox.waker.drain() }
        }
    }

    private func serve(idleExit: Duration?) throws(BusError) {
        while true {
            while try busCall("sd_bus_process", { sd_bus_process(bus, nil) }) > 0 {}
            sendCompleted()
            if nameLost, activity.pending == 0, let name = ownedName {
                log.info("another provider took \(name) (--replace); exiting")
                ownedName = nil
                return
            }
            if let idleExit, idleTime(limit: idleExit) == nil {
                log.info("idle for \(idleExit); giving up the bus name until the next search activates the provider")
                return
            }
            let fd = try busCall("sd_bus_get_fd") { sd_bus_get_fd(bus) }
            let events = try busCall("sd_bus_get_events") { sd_bus_get_events(bus) }
            var deadline: UInt64 = 0
            try busCall("sd_bus_get_timeout") { sd_bus_get_timeout(bus, &deadline) }
            var fds = [pollfd(fd: fd, events: Int16(truncatingIfNeeded: events), revents: 0),
                       pollfd(fd: mailbox.waker.readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, pollTimeout(busDeadline: deadline, idle: idleExit.flatMap(idleTime(limit:))))
            if ready < 0, errno != EINTR { throw BusError(call: "poll", errno: errno) }
            if fds[1].revents != 0 { mailbox.waker.drain() }
        }
    }

    /// With no call pending: how long until `limit` of idleness is reached (nil: reached).
    /// With calls pending: `limit` itself (not idle).
    private func idleTime(limit: Duration) -> Duration? {
        if activity.pending > 0 { return limit }
        let left = limit - (ContinuousClock.now - activity.last)
        return left > .zero ? left : nil
    }

    /// Milliseconds for poll(2): until sd-bus's own deadline (absolute CLOCK_MONOTONIC µs,
    /// `UInt64.max` for none) or the idle limit, whichever is first; -1 for neither.
    private func pollTimeout(busDeadline: UInt64, idle: Duration?) -> Int32 {
        var milliseconds: Int64 = -1
        if busDeadline != UInt64.max {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            milliseconds = busDeadline > nowMicroseconds ? Int64((busDeadline - nowMicroseconds + 999) / 1000) : 0
        }
        if let idle {
            let idleMilliseconds = idle.components.seconds * 1000 + idle.components.attoseconds / 1_000_000_000_000_000 + 1
            milliseconds = milliseconds < 0 ? idleMilliseconds : min(milliseconds, idleMilliseconds)
        }
        return Int32(clamping: milliseconds)
    }

    // MARK: - Calls (on the bus thread)

    /// A message for the object path; returns 1 when handled (answered now or later).
    fileprivate func receive(_ message: OpaquePointer) -> Int32 {
        guard sd_bus_message_is_method_call(message, nil, nil) > 0,
              let memberName = sd_bus_message_get_member(message) else { return 0 }
        let member = String(cString: memberName)
        let interface = sd_bus_message_get_interface(message).map { String(cString: $0) }
        if member == "Introspect", interface == nil || interface == "org.freedesktop.DBus.Introspectable" {
            send(.values([.string(introspection)]), to: message)
            return 1
        }
        // Peer and Properties: sd-bus answers them itself.
        if interface?.hasPrefix("org.freedesktop.DBus.") == true { return 0 }
        let method = interfaces.filter { interface == nil || $0.name == interface }
            .lazy.compactMap { $0.methods.first { $0.name == member } }.first
        guard let method else {
            let known = interfaces.flatMap { i in i.methods.map { "\(i.name).\($0.name)" } }
            send(.error(name: BusReply.unknownMethod, message: "\(objectPath) has no method "
                + "\(interface.map { "\($0)." } ?? "")\(member); it has \(known.joined(separator: ", "))"), to: message)
            return 1
        }
        let signature = sd_bus_message_get_signature(message, 1).map { String(cString: $0) } ?? ""
        guard signature == method.inputSignature else {
            send(.error(name: BusReply.invalidArgs, message: "\(member) takes (\(method.inputSignature)), "
                + "not (\(signature))"), to: message)
            return 1
        }
        let arguments: [BusValue]
        do {
            arguments = try BusMessageReader.values(of: message)
        } catch {
            send(.error(name: BusReply.invalidArgs, message: "the arguments of \(member) could not be read: \(error)"),
                 to: message)
            return 1
        }
        sd_bus_message_ref(message)
        callsReceived += 1
        let call = callsReceived
        awaiting[call] = message
        activity = (activity.pending + 1, .now)
        let mailbox = self.mailbox
        Task {
            mailbox.deliver(await method.handler(arguments), for: call)
        }
        return 1
    }

    private func sendCompleted() {
        let ready = mailbox.takeAll()
        guard !ready.isEmpty else { return }
        for (call, reply) in ready {
            guard let message = awaiting.removeValue(forKey: call) else { continue }
            send(reply, to: message)
            sd_bus_message_unref(message)
        }
        activity = (activity.pending - ready.count, .now)
    }

    private func send(_ reply: BusReply, to call: OpaquePointer) {
        switch reply {
        case .values(let values):
            var out: OpaquePointer?
            do {
                try busCall("sd_bus_message_new_method_return") { sd_bus_message_new_method_return(call, &out) }
                defer { sd_bus_message_unref(out) }
                for value in values { try value.append(to: out!) }
                try busCall("sd_bus_send") { sd_bus_send(bus, out, nil) }
            } catch {
                log.error("could not send a reply: \(error)")
                send(.error(name: BusReply.failed, message: "the provider could not build its reply: \(error)"), to: call)
            }
        case .error(let name, let message):
            var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
            _ = sd_bus_error_set(&error, name, message)
            do {
                try busCall("sd_bus_reply_method_error") { sd_bus_reply_method_error(call, &error) }
            } catch {
                log.error("could not send the error \(name): \(error)")
            }
            sd_bus_error_free(&error)
        }
    }
}

/// sd-bus's callback for the object path: hands the message to its ``BusService``.
private func busServiceCallback(_ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let context else { return 0 }
    return Unmanaged<BusService>.fromOpaque(context).takeUnretainedValue().receive(message)
}

/// sd-bus's callback for the bus's `NameLost` signal: tells the ``BusService`` which name.
private func busNameLostCallback(_ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                 _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let context else { return 0 }
    var name: UnsafePointer<CChar>?
    guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &name) > 0, let name else { return 0 }
    Unmanaged<BusService>.fromOpaque(context).takeUnretainedValue().lost(String(cString: name))
    return 0
}

/// Where handler tasks leave their replies for the bus thread, which the wake pipe wakes.
private final class ReplyMailbox: Sendable {
    let waker: WakePipe
    private let replies = Mutex<[(call: Int, reply: BusReply)]>([])

    init(waker: WakePipe) { self.waker = waker }

    /// From any thread: the reply to call number `call`.
    func deliver(_ reply: BusReply, for call: Int) {
        replies.withLock { $0.append((call, reply)) }
        waker.signal()
    }

    /// On the bus thread: every reply delivered since the last time.
    func takeAll() -> [(call: Int, reply: BusReply)] {
        replies.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}

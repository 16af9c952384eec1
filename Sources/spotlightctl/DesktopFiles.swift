import Foundation

/// The files a desktop reads to use spotlight-search-provider, relative to a data directory
/// (`~/.local/share`, `/usr/local/share`). The repository keeps the same files, made for
/// `/usr/local/bin/spotlight-search-provider`, in tools/desktop/ (a test checks they match).
struct DesktopFile: Sendable {
    /// The path below the data directory.
    let path: String
    /// Who reads it, for `status` and the install report.
    let readBy: String
    let template: @Sendable (_ provider: String) -> String

    func contents(provider: String) -> String { template(DesktopFile.execQuoted(provider)) }

    /// The D-Bus name, object path and desktop id the files agree on.
    static let busName = "org.spotlightlinux.SearchProvider"
    static let objectPath = "/org/spotlightlinux/SearchProvider"
    static let desktopID = "\(busName).desktop"

    /// The four files, in install order (the .desktop before the .ini that names it).
    static let all: [DesktopFile] = [application, dbusService, gnomeShellProvider, krunnerPlugin]

    /// The application GNOME Shell shows the provider's results under (its DesktopId). GNOME
    /// skips providers whose application has `NoDisplay=true`, so it is a real entry: a
    /// search prompt in a terminal.
    static let application = DesktopFile(path: "applications/\(desktopID)", readBy: "GNOME Shell, as the app the results show under") { exec in
        """
        [Desktop Entry]
        Type=Application
        Name=Spotlight for Linux
        GenericName=Search
        Comment=Find what your apps donated to Spotlight and open it in its app
        Icon=system-search
        Exec=\(exec) --interactive
        Terminal=true
        Categories=Utility;
        Keywords=search;spotlight;find;

        """
    }

    /// D-Bus activation: the session bus starts the provider on the first call to its name.
    static let dbusService = DesktopFile(path: "dbus-1/services/\(busName).service", readBy: "the session bus, to start the provider") { exec in
        """
        [D-BUS Service]
        Name=\(busName)
        Exec=\(exec)

        """
    }

    /// GNOME Shell's search-provider key file (read from system data directories only).
    static let gnomeShellProvider = DesktopFile(path: "gnome-shell/search-providers/\(busName).ini", readBy: "GNOME Shell") { _ in
        """
        [Shell Search Provider]
        DesktopId=\(desktopID)
        BusName=\(busName)
        ObjectPath=\(objectPath)
        Version=2

        """
    }

    /// KRunner's D-Bus runner plugin (KDE Frameworks 5.72+ and 6).
    static let krunnerPlugin = DesktopFile(path: "krunner/dbusplugins/\(busName).desktop", readBy: "KRunner") { _ in
        """
        [Desktop Entry]
        Type=Service
        Name=Spotlight for Linux
        Comment=What your apps donated to Spotlight, opened in their apps
        Icon=system-search
        X-KDE-ServiceTypes=Plasma/Runner
        X-KDE-PluginInfo-Name=\(busName)
        X-KDE-PluginInfo-Version=0.1.0
        X-KDE-PluginInfo-EnabledByDefault=true
        X-Plasma-API=DBus
        X-Plasma-DBusRunner-Service=\(busName)
        X-Plasma-DBusRunner-Path=\(objectPath)
        X-Plasma-Request-Actions-Once=true

        """
    }

    /// Characters an `Exec=` path may not hold: the desktop-entry and D-Bus parsers each give
    /// them their own escaping rules, so no one spelling works for both.
    static let unquotableCharacters: Set<Character> = ["\"", "'", "\\", "$", "`", "%", "\n"]

    /// The executable as an `Exec=` value: double-quoted when it holds a space or a tab.
    static func execQuoted(_ path: String) -> String {
        path.contains(where: { $0 == " " || $0 == "\t" }) ? "\"\(path)\"" : path
    }
}

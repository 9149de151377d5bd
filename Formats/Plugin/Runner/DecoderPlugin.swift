public import GraphExport
public import GraphExportDecoders
import GraphExportJSONText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An external value decoder: an executable `graphexport-decoder-<name>` speaking the decoder
/// protocol of docs/PLUGINS.md (*Value decoders*).
///
/// Its handshake (`--graphexport-handshake`) is one JSON object that names what it claims and the
/// attributes it adds. During an export it runs once, started at the first value it decodes: each
/// value is one JSON line on its standard input, answered by one JSON line on its standard output
/// within the plugin timeout (``Plugin/timeout``, 5 s unless `GRAPHEXPORT_PLUGIN_TIMEOUT` says
/// otherwise). A decoder that does not answer in time, answers what is not an answer, or exits
/// is stopped, with everything it started, and stops the export with a ``PluginError``.
public final class DecoderPlugin: AttributeDecoder {
    /// The most bytes one answer may have.
    public static let answerLimit = 64 << 20
    /// The types an output may have.
    public static let outputTypes: [AttributeType] = [.string, .integer64, .double, .boolean, .transformable]

    public let plugin: Plugin
    public let summary: String
    public let claims: [DecoderClaim]
    public let outputs: [AttributeInfo]
    public var name: String { plugin.name }

    private var running: Running?

    /// The decoder `plugin` describes in its handshake; throws ``PluginError`` for a handshake
    /// that is not a decoder's.
    public init(_ plugin: Plugin) throws {
        self.plugin = plugin
        let line = try plugin.handshake()
        guard case .structured(.map(let answer)) = JSONColumnText.read(String(decoding: line, as: UTF8.self)),
            answer["protocol"] == .string("graphexport-decoder")
        else { throw PluginError.badHandshake(plugin, answer: Plugin.quoted(line)) }
        guard answer["version"] == .integer(1) else {
            guard case .integer(let version)? = answer["version"] else {
                throw PluginError.badHandshake(plugin, answer: Plugin.quoted(line))
            }
            throw PluginError.unsupportedVersion(plugin, version: Int(clamping: version))
        }
        guard case .string(let summary)? = answer["summary"] ?? .string(""),
            case .array(let claims)? = answer["claims"],
            case .array(let outputs)? = answer["outputs"], !claims.isEmpty, !outputs.isEmpty
        else {
            throw PluginError.decoderBadHandshake(plugin, reason: "it needs a summary, claims and outputs")
        }
        // Shown on a terminal by `graphexport formats`: a JSON escape may hold a control character.
        self.summary = TerminalText.escaped(summary)
        self.claims = try claims.map { claim in
            guard case .map(let fields) = claim, case .string(let entity)? = fields["entity"],
                case .string(let attribute)? = fields["attribute"]
            else { throw PluginError.decoderBadHandshake(plugin, reason: "a claim needs an entity and an attribute") }
            var model: [String] = []
            if case .array(let names)? = fields["model"] {
                model = try names.map { name in
                    guard case .string(let text) = name else {
                        throw PluginError.decoderBadHandshake(plugin, reason: "a claim's model lists entity names")
                    }
                    return text
                }
            }
            return DecoderClaim(entity: entity, attribute: attribute, modelEntities: model)
        }
        self.outputs = try outputs.map { output in
            guard case .map(let fields) = output, case .string(let name)? = fields["name"], !name.isEmpty,
                case .string(let typeName)? = fields["type"], let type = AttributeType(rawValue: typeName),
                Self.outputTypes.contains(type)
            else {
                let types = Self.outputTypes.map(\.rawValue).joined(separator: ", ")
                throw PluginError.decoderBadHandshake(
                    plugin, reason: "an output needs a name and a type (\(types))")
            }
            return AttributeInfo(name: name, type: type, isOptional: true)
        }
        guard Set(self.outputs.map(\.name)).count == self.outputs.count else {
            throw PluginError.decoderBadHandshake(plugin, reason: "two outputs have one name")
        }
    }

    deinit {
        running?.process.end()
    }

    public func decode(_ input: DecoderInput) throws -> [Value] {
        if running == nil { running = try Running(plugin) }
        guard let running else { preconditionFailure("started above") }
        var request: [UInt8] = Array("{\"id\":".utf8)
        JSONText.appendString(input.object.text, to: &request)
        request += Array(",\"entity\":".utf8)
        JSONText.appendString(input.entity, to: &request)
        request += Array(",\"attribute\":".utf8)
        JSONText.appendString(input.attribute, to: &request)
        request += Array(",\"bytes\":\"".utf8)
        Base64.encode(input.bytes, into: &request)
        request += Array("\"}\n".utf8)
        let deadline = ContinuousClock.now + plugin.timeout
        do {
            try running.write(request, until: deadline)
            let line = try running.readLine(until: deadline)
            let maximum = DecoderOutputLimit.standard.maximum(forInputBytes: input.bytes.count)
            guard line.count <= maximum else {
                throw DecoderOutputLimit.standard.exceeded(maximum: maximum, inputBytes: input.bytes.count)
            }
            return try values(in: line, for: input)
        } catch let failure as DecodingFailure {
            throw failure
        } catch let error as PluginError where error.isDecoderError {
            running.process.end()
            self.running = nil
            throw error.naming(input.object)
        }
    }

    /// Ends the decoder's input and waits for it to exit 0 within the timeout.
    public func finish() throws {
        guard let running else { return }
        self.running = nil
        close(running.input)
        running.input = -1
        let exited = running.process.waitForEnd(until: ContinuousClock.now + plugin.timeout)
        let termination = running.process.end()
        guard exited else { throw PluginError.decoderDidNotExit(plugin) }
        guard termination == .exited(status: 0) else { throw PluginError.failed(plugin, termination: termination) }
    }

    /// The outputs an answer gives: `{"values":{…}}`, each output by name (a missing one is
    /// null), or `{"warning":"…"}` (its text as a message repeats a value, ``TerminalText/echoed(_:)``).
    private func values(in line: [UInt8], for input: DecoderInput) throws -> [Value] {
        guard let text = String(validating: line, as: UTF8.self),
            case .structured(.map(let answer)) = JSONColumnText.read(text)
        else { throw PluginError.decoderBadAnswer(plugin, object: nil, reason: "it is not a JSON object") }
        if case .string(let warning)? = answer["warning"] { throw DecodingFailure(TerminalText.echoed(warning)) }
        guard case .map(let values)? = answer["values"] else {
            throw PluginError.decoderBadAnswer(plugin, object: nil, reason: "it has neither values nor a warning")
        }
        for entry in values where !outputs.contains(where: { $0.name == entry.key }) {
            throw PluginError.decoderBadAnswer(
                plugin, object: nil, reason: "it names no output '\(TerminalText.echoed(entry.key))'")
        }
        return try outputs.map { output in
            let value = values[output.name] ?? .null
            switch (output.type, value) {
            case (_, .null), (.string, .string), (.integer64, .integer), (.double, .double), (.boolean, .boolean),
                (.transformable, _):
                return value
            case (.double, .integer(let number)):
                return .double(Double(number))
            default:
                throw PluginError.decoderBadAnswer(
                    plugin, object: nil, reason: "its value of '\(output.name)' is no \(output.type.rawValue)")
            }
        }
    }

    /// The decoder's process during an export, and graphexport's ends of its pipes.
    private final class Running {
        let plugin: Plugin
        let process: PluginProcess
        var input: Int32
        let output: Int32
        private var lines = LineBuffer()

        init(_ plugin: Plugin) throws {
            var toPlugin: [Int32] = [0, 0]
            var fromPlugin: [Int32] = [0, 0]
            guard pipe(&toPlugin) == 0 else {
                throw PluginError.cannotStart(plugin, reason: String(cString: strerror(errno)))
            }
            guard pipe(&fromPlugin) == 0 else {
                close(toPlugin[0])
                close(toPlugin[1])
                throw PluginError.cannotStart(plugin, reason: String(cString: strerror(errno)))
            }
            // graphexport's ends stay out of the plugin (and of any other it starts).
            _ = fcntl(toPlugin[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fromPlugin[0], F_SETFD, FD_CLOEXEC)
            let spawned = Result {
                try PluginProcess(
                    plugin, arguments: [], standardInput: toPlugin[0], standardOutput: fromPlugin[1],
                    closing: fromPlugin[0])
            }
            close(toPlugin[0])
            close(fromPlugin[1])
            do {
                process = try spawned.get()
            } catch {
                close(toPlugin[1])
                close(fromPlugin[0])
                throw error
            }
            self.plugin = plugin
            input = toPlugin[1]
            output = fromPlugin[0]
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            if input >= 0 { close(input) }
            close(output)
        }

        /// Writes all of `bytes` to the decoder's input before `deadline`.
        func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) throws {
            var offset = 0
            while offset < bytes.count {
                guard wait(for: input, events: POLLOUT, until: deadline) else {
                    throw PluginError.decoderTimedOut(plugin, object: nil)
                }
                let count = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw PluginError.decoderExited(plugin, object: nil)
                }
                offset += count
            }
        }

        /// The next line the decoder writes, without its newline, before `deadline`.
        func readLine(until deadline: ContinuousClock.Instant) throws -> [UInt8] {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                if let line = lines.nextLine() { return line }
                guard lines.unfinishedCount <= DecoderPlugin.answerLimit else {
                    throw PluginError.decoderBadAnswer(
                        plugin, object: nil, reason: "it is longer than \(DecoderPlugin.answerLimit) bytes")
                }
                guard wait(for: output, events: POLLIN, until: deadline) else {
                    throw PluginError.decoderTimedOut(plugin, object: nil)
                }
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw PluginError.decoderExited(plugin, object: nil) }
                lines.append(chunk[..<count])
            }
        }

        /// Whether `descriptor` is ready for `events` before `deadline`.
        private func wait(for descriptor: Int32, events: Int32, until deadline: ContinuousClock.Instant) -> Bool {
            while true {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return false }
                var poller = pollfd(fd: descriptor, events: Int16(events), revents: 0)
                let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                let ready = poll(&poller, 1, Int32(clamping: milliseconds + 1))
                if ready > 0 { return true }
                if ready < 0 && errno != EINTR { return true }
            }
        }
    }
}

extension ValueMap {
    /// The value of the first entry whose key is `key`.
    fileprivate subscript(_ key: String) -> Value? {
        entries.first { $0.key == key }?.value
    }
}

/// Exports of the flat shape read back by each format's standard Python reader (json, PyYAML,
/// plistlib, xml.etree), for tests that compare what every format carries.
enum ExportReadBack {
    /// The options that write `form`: a format's name, `xml` for XML in the attribute style or
    /// `xml-elements` for XML in the element style.
    static func arguments(_ form: String) -> [String] {
        form.hasPrefix("xml") ? ["-f", "xml", "--xml-style", form == "xml" ? "attributes" : "elements"] : ["-f", form]
    }

    /// Python that reads a flat export (`sys.argv[1]`: json, jsonl, yaml, plist, xml or
    /// xml-elements) from standard input into `objects`, `(id, type, properties)` for each object,
    /// each value made plain: arrays and maps as they are, every scalar a float when it reads as one,
    /// else its text (XML keeps no kinds inside arrays and maps), bytes (YAML's `!!binary`) as base64,
    /// null as `None`. Tests append what they print.
    static let python = """
        import base64, json, plistlib, sys, yaml
        import xml.etree.ElementTree as ET
        GX = '{urn:graphexport:1}'
        form, data = sys.argv[1], sys.stdin.buffer.read()
        def scalar(value):
            if isinstance(value, bool): return 'true' if value else 'false'
            try: return float(value)
            except (TypeError, ValueError): return str(value)
        def plain(value):
            if isinstance(value, list): return [plain(v) for v in value]
            if isinstance(value, dict): return {k: plain(v) for k, v in value.items()}
            if isinstance(value, bytes): return base64.b64encode(value).decode()
            return None if value is None else scalar(value)
        def element(node):
            if node.get(GX + 'null') == 'true': return None
            kind = node.get(GX + 'type')
            if kind == 'array': return [element(c) for c in node if c.tag == GX + 'item']
            if kind == 'map': return {c.get('key'): element(c) for c in node if c.tag == GX + 'entry'}
            return scalar(node.text or '')
        objects = []
        if form.startswith('xml'):
            for node in ET.fromstring(data):
                properties = {key: scalar(value) for key, value in node.attrib.items() if not key.startswith(GX)}
                properties.update((child.tag, element(child)) for child in node)
                objects.append((node.get(GX + 'id'), node.tag, properties))
        else:
            graph = (
                [json.loads(line) for line in data.decode().splitlines()[1:]] if form == 'jsonl'
                else yaml.safe_load(data)['@graph'] if form == 'yaml'
                else plistlib.loads(data)['@graph'] if form == 'plist'
                else json.loads(data)['@graph'])
            for node in graph:
                properties = {key: plain(value) for key, value in node.items() if not key.startswith('@')}
                objects.append((node['@id'], node['@type'], properties))

        """
}

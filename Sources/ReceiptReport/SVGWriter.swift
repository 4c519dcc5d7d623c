import ReceiptKit

/// A minimal SVG writer: the few shapes a chart needs, every text and attribute value XML-escaped, coordinates
/// written with one decimal, so that a chart is self-contained (no script, no external reference) and the same
/// report always gives the same bytes.
struct SVGWriter {
    private var elements: [String] = []

    /// A filled rectangle, with a tooltip when `title` is given.
    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: String, title: String? = nil) {
        let attributes =
            "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" fill=\"\(fill.escapingXML)\""
        append("rect", attributes, title: title)
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil) {
        var attributes =
            "x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
            + "y2=\"\(Self.number(y2))\" stroke=\"\(stroke.escapingXML)\" stroke-width=\"\(Self.number(width))\""
        if let dash { attributes += " stroke-dasharray=\"\(dash.escapingXML)\"" }
        append("line", attributes, title: nil)
    }

    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, dash: String? = nil) {
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        var attributes = "points=\"\(list)\" fill=\"none\" stroke=\"\(stroke.escapingXML)\" stroke-width=\"2\""
        if let dash { attributes += " stroke-dasharray=\"\(dash.escapingXML)\"" }
        append("polyline", attributes, title: nil)
    }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String, title: String? = nil) {
        let attributes =
            "cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\" "
            + "fill=\"\(fill.escapingXML)\" stroke=\"#ffffff\" stroke-width=\"1\""
        append("circle", attributes, title: title)
    }

    /// Text at (x, y); `anchor` is start, middle or end; `rotation` in degrees turns it around its anchor point.
    mutating func text(
        _ content: String, x: Double, y: Double, size: Double = 12, anchor: String = "start", rotation: Double = 0,
        bold: Bool = false, fill: String = "#222222"
    ) {
        var attributes =
            "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\" "
            + "text-anchor=\"\(anchor.escapingXML)\" fill=\"\(fill.escapingXML)\""
        if bold { attributes += " font-weight=\"bold\"" }
        if rotation != 0 {
            attributes += " transform=\"rotate(\(Self.number(rotation)) \(Self.number(x)) \(Self.number(y)))\""
        }
        elements.append("<text \(attributes)>\(content.escapingXML)</text>")
    }

    private mutating func append(_ name: String, _ attributes: String, title: String?) {
        guard let title else {
            elements.append("<\(name) \(attributes)/>")
            return
        }
        elements.append("<\(name) \(attributes)><title>\(title.escapingXML)</title></\(name)>")
    }

    /// The whole document: an `svg` root of the given size with a white background, a title and the elements.
    func document(width: Double, height: Double, title: String) -> String {
        let size = "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
        let header = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
                + "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">",
            "<title>\(title.escapingXML)</title>",
            "<rect x=\"0\" y=\"0\" \(size) fill=\"#ffffff\"/>",
        ]
        return (header + elements + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    /// A coordinate with at most one decimal, without exponent or locale: `12`, `12.5`, `-3.2`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Chart coordinates stay far inside this; the clamp keeps the conversion from trapping whatever happens.
        let tenths = Int64((min(max(value, -1e12), 1e12) * 10).rounded())
        let whole = tenths / 10
        let fraction = (tenths % 10).magnitude
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}

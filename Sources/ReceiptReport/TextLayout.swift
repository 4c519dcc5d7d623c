import ReceiptKit

/// Text laid out for the chart without a renderer: an SVG has no text wrapping of its own, so a note or a
/// message longer than its space is broken into lines here, by an estimate of each character's width in
/// DejaVu Sans (the chart's first font; Helvetica and Arial are narrower, so the estimate errs on the wide side).
enum TextLayout {
    /// The estimated width of `text` at font size `size`, in pixels.
    static func width(_ text: some StringProtocol, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + em($1) } * size
    }

    /// `text` broken at spaces into lines no wider than `width` (a word wider than that on a line of its own,
    /// cut at the width).
    static func lines(_ text: String, width: Double, size: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if Self.width(candidate, size: size) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = String(word)
            while Self.width(line, size: size) > width, line.count > 1 {
                let cut = cut(line, width: width, size: size)
                lines.append(String(line[..<cut]))
                line = String(line[cut...])
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Where `text` must be cut to fit `width` (after one character at least).
    private static func cut(_ text: String, width: Double, size: Double) -> String.Index {
        var used = 0.0
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            used += Self.width(text[index..<next], size: size)
            if used > width, index > text.startIndex { return index }
            index = next
        }
        return text.index(before: text.endIndex)
    }

    /// A character's advance in ems, by the classes of DejaVu Sans' widths (rounded up).
    private static func em(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case " ", ".", ",", ":", ";", "'", "i", "j", "l", "I", "|", "!": return 0.33
        case "(", ")", "[", "]", "-", "/", "f", "r", "t": return 0.42
        case "c", "s", "z", "k", "v", "x", "y", "_": return 0.6
        case "m", "w", "M", "W", "%", "@": return 1.0
        case "A"..."Z": return 0.78
        default: return 0.65
        }
    }
}

#include "dance/svg.hpp"

#include <ostream>

namespace dance {

std::string xml_escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // Control characters other than tab and line ends are not XML at all.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') out += '?';
        else out += c;
    }
  }
  return out;
}

Svg::Svg(std::ostream& out, double width, double height) : out_(out) {
  out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
       << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
       << width << ' ' << height << "\">\n";
  rect(0, 0, width, height, "white");
}

Svg::~Svg() { out_ << "</svg>\n"; }

void Svg::rect(double x, double y, double width, double height, std::string_view fill, std::string_view stroke,
               double stroke_width) {
  out_ << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << width << "\" height=\"" << height << "\" fill=\""
       << fill << "\" stroke=\"" << stroke << "\" stroke-width=\"" << stroke_width << "\"/>\n";
}

void Svg::line(double x1, double y1, double x2, double y2, std::string_view stroke, double width) {
  out_ << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2 << "\" stroke=\"" << stroke
       << "\" stroke-width=\"" << width << "\" stroke-linecap=\"square\"/>\n";
}

void Svg::circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke, double stroke_width) {
  out_ << "<circle cx=\"" << cx << "\" cy=\"" << cy << "\" r=\"" << r << "\" fill=\"" << fill << "\" stroke=\"" << stroke
       << "\" stroke-width=\"" << stroke_width << "\"/>\n";
}

void Svg::text(double x, double y, std::string_view text, double size, std::string_view fill, bool bold) {
  out_ << "<text x=\"" << x << "\" y=\"" << y << "\" font-family=\"sans-serif\" font-size=\"" << size
       << "\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"" << fill << '"'
       << (bold ? " font-weight=\"bold\"" : "") << '>' << xml_escaped(text) << "</text>\n";
}

}  // namespace dance

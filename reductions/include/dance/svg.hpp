// A small SVG writer for the reductions' pictures (`--format svg`): one
// document, printable, no script; text escaped, so any name is valid XML.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

namespace dance {

class Svg {
 public:
  // Starts a document of width x height user units, with a white background.
  Svg(std::ostream& out, double width, double height);
  ~Svg();  // ends it
  Svg(const Svg&) = delete;
  Svg& operator=(const Svg&) = delete;

  void rect(double x, double y, double width, double height, std::string_view fill, std::string_view stroke = "none",
            double stroke_width = 0);
  void line(double x1, double y1, double x2, double y2, std::string_view stroke, double width);
  void circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke = "none", double stroke_width = 0);
  // Text centred on (x, y).
  void text(double x, double y, std::string_view text, double size, std::string_view fill = "black", bool bold = false);

 private:
  std::ostream& out_;
};

// The text with &, <, >, " and ' written as XML entities.
[[nodiscard]] std::string xml_escaped(std::string_view text);

}  // namespace dance

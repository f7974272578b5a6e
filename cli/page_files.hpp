// The files of the page `dance serve` shows (cli/page/), built into the
// binary (by cli/embed_page.cmake), so that dance serves them from anywhere.
#pragma once

#include <optional>
#include <string_view>

namespace dance::cli {

struct PageFile {
  std::string_view type;  // its Content-Type
  std::string_view body;
};

// The file at `path` ("/index.html"), or nothing.
std::optional<PageFile> page_file(std::string_view path);

}  // namespace dance::cli

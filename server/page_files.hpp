// The files of the page `dance serve` shows (server/page/), built into the
// binary (by server/embed_page.cmake), so that dance serves them from anywhere.
#pragma once

#include <optional>
#include <string_view>

namespace dance::server {

struct PageFile {
  std::string_view type;  // its Content-Type
  std::string_view body;
};

// The file at `path` ("/index.html"), or nothing.
std::optional<PageFile> page_file(std::string_view path);

}  // namespace dance::server

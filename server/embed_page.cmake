# Writes OUTPUT, a C++ file that defines dance::server::page_file() over FILES
# (cmake -DOUTPUT=... -DFILES="a|b" -P embed_page.cmake): each file's bytes
# as a string of \x escapes, its type from its extension.
string(REPLACE "|" ";" files "${FILES}")
set(entries "")
foreach(file IN LISTS files)
  get_filename_component(name "${file}" NAME)
  get_filename_component(extension "${file}" LAST_EXT)
  if(extension STREQUAL ".html")
    set(type "text/html; charset=utf-8")
  elseif(extension STREQUAL ".js")
    set(type "text/javascript; charset=utf-8")
  elseif(extension STREQUAL ".css")
    set(type "text/css; charset=utf-8")
  elseif(extension STREQUAL ".svg")
    set(type "image/svg+xml")
  else()
    message(FATAL_ERROR "embed_page.cmake: no type for ${file}")
  endif()
  file(READ "${file}" bytes HEX)
  string(LENGTH "${bytes}" digits)
  math(EXPR size "${digits} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${bytes}")
  string(APPEND entries "      {\"/${name}\", {\"${type}\", std::string_view(\"${escaped}\", ${size})}},\n")
endforeach()
file(WRITE "${OUTPUT}.new" "// Made by server/embed_page.cmake from server/page/: do not edit.
#include \"page_files.hpp\"

#include <utility>

namespace dance::server {

std::optional<PageFile> page_file(std::string_view path) {
  static const std::pair<std::string_view, PageFile> files[] = {
${entries}  };
  for (const auto& [name, file] : files)
    if (name == path) return file;
  return std::nullopt;
}

}  // namespace dance::server
")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")

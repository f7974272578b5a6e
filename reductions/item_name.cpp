#include "dance/item_name.hpp"

#include <cstdio>

namespace dance {

std::string item_name(std::string_view name) {
  std::string item;
  item.reserve(name.size());
  for (const char c : name) {
    if (c == '%' || c == '#' || c == '>' || c == '-' || c == ',') {
      char code[4];
      std::snprintf(code, sizeof code, "%%%02X", static_cast<unsigned char>(c));
      item += code;
    } else {
      item += c;
    }
  }
  return item;
}

}  // namespace dance

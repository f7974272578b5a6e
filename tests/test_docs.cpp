// The guide's code is the real code: every ```cpp block in
// docs/writing-a-reduction.md that follows a "<!-- from: PATH -->" line must
// appear, character for character, in that file.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "helpers.hpp"

using dance::test::text_of;

TEST_CASE("docs/writing-a-reduction.md quotes the source exactly") {
  const std::string root = DANCE_SOURCE_DIR;
  std::istringstream guide(text_of(root + "/docs/writing-a-reduction.md"));
  std::string line, from;
  int checked = 0;
  while (std::getline(guide, line)) {
    if (line.rfind("<!-- from: ", 0) == 0) {
      from = line.substr(11, line.find(" -->") - 11);
      continue;
    }
    if (line != "```cpp" || from.empty()) continue;
    std::string block;
    while (std::getline(guide, line) && line != "```") block += line + "\n";
    INFO("block quoted from " << from << ":\n" << block);
    CHECK(text_of(root + "/" + from).find(block) != std::string::npos);
    from.clear();
    ++checked;
  }
  CHECK(checked >= 10);
}

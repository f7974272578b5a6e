// -o DIR: each instance's (each generated puzzle's) output in a file of its
// own, DIR/0001.svg, DIR/0002.svg, ... in input order (.txt for what is no picture).
#pragma once

#include <cstddef>
#include <string>

namespace dance::cli {

// Writes `text`, the output of the instance numbered `number` (from 1), to
// its file in `dir`; throws std::runtime_error naming the file when it cannot.
void write_output_file(const std::string& dir, std::size_t number, const std::string& text);

}  // namespace dance::cli

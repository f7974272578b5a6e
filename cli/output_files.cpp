#include "output_files.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace dance::cli {

void write_output_file(const std::string& dir, std::size_t number, const std::string& text) {
  const bool picture = text.rfind("<?xml", 0) == 0;
  std::string name = std::to_string(number);
  if (name.size() < 4) name.insert(0, 4 - name.size(), '0');  // 0001, 0002, ...: listed in order
  const std::string path = dir + "/" + name + (picture ? ".svg" : ".txt");
  errno = 0;  // what the message names, if the file fails
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (!file) throw std::runtime_error("cannot write " + path + (errno ? std::string(": ") + std::strerror(errno) : ""));
}

}  // namespace dance::cli

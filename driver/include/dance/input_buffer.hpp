// The input of a reduction's reader, as every face (the command line, dance
// serve, Python) hands it over:
// - a UTF-8 byte-order mark at the start is skipped (editors on Windows
//   write one; no format of dance has a use for it);
// - a lone carriage return (old Mac line ends) ends a line as '\n' does;
//   "\r\n" is passed on as it is, for the readers take it as one line end;
// - an output stream, if one is given, is flushed whenever the next read
//   may wait, so that answers to puzzles typed or piped in one at a time
//   appear at once, while a file of puzzles is answered in large writes.
#pragma once

#include <algorithm>
#include <cstring>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>

namespace dance {

class InputBuffer : public std::streambuf {
 public:
  explicit InputBuffer(std::streambuf& source, std::ostream* out = nullptr) : source_(source), out_(out) {}

 protected:
  int_type underflow() override {
    std::size_t n = held_cr_ ? 1 : 0;  // a '\r' that ended the last piece comes first
    if (held_cr_) chunk_[0] = '\r';
    held_cr_ = false;
    std::streamsize at_hand = source_.in_avail();
    if (at_hand <= 0 && out_) out_->flush();  // the next read may wait, or find the end
    const bool at_end = traits_type::eq_int_type(source_.sgetc(), traits_type::eof());
    if (at_end && n == 0) return traits_type::eof();
    if (!at_end) {
      at_hand = std::clamp<std::streamsize>(source_.in_avail(), 1, static_cast<std::streamsize>(sizeof chunk_ - n));
      n += static_cast<std::size_t>(source_.sgetn(chunk_ + n, at_hand));
    }
    std::size_t begin = 0;
    if (first_) {
      first_ = false;
      if (n >= 3 && std::memcmp(chunk_, "\xEF\xBB\xBF", 3) == 0) begin = 3;
    }
    if (n > begin && chunk_[n - 1] == '\r' && !at_end) {  // whether a '\n' follows is for the next piece to say
      held_cr_ = true;
      --n;
    }
    for (std::size_t k = begin; k < n; ++k)
      if (chunk_[k] == '\r' && (k + 1 == n || chunk_[k + 1] != '\n')) chunk_[k] = '\n';
    if (n == begin) return underflow();
    setg(chunk_ + begin, chunk_ + begin, chunk_ + n);
    return traits_type::to_int_type(chunk_[begin]);
  }

 private:
  std::streambuf& source_;
  std::ostream* out_;
  char chunk_[4096];
  bool first_ = true;     // the BOM is looked for at the start only
  bool held_cr_ = false;  // the last piece ended in '\r', not passed on yet
};

// A text in memory (a request's, a Python string) read as InputBuffer reads.
class TextInput {
 public:
  explicit TextInput(std::string text) : text_(std::move(text)), buffer_(*text_.rdbuf()), stream_(&buffer_) {}
  TextInput(const TextInput&) = delete;
  TextInput& operator=(const TextInput&) = delete;
  [[nodiscard]] std::istream& stream() { return stream_; }

 private:
  std::istringstream text_;
  InputBuffer buffer_;
  std::istream stream_;
};

}  // namespace dance

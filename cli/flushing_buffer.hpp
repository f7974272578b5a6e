// A stream buffer that passes another one's characters on and flushes an
// output stream whenever it is about to wait for input: answers to puzzles
// typed or piped in one at a time appear at once, while a file of puzzles
// is answered in large writes rather than one write per line.
#pragma once

#include <algorithm>
#include <ostream>
#include <streambuf>

namespace dance::cli {

class FlushingBuffer : public std::streambuf {
 public:
  FlushingBuffer(std::streambuf& source, std::ostream& out) : source_(source), out_(out) {}

 protected:
  int_type underflow() override {
    std::streamsize at_hand = source_.in_avail();
    if (at_hand <= 0) out_.flush();  // the next read may wait, or find the end
    if (traits_type::eq_int_type(source_.sgetc(), traits_type::eof())) return traits_type::eof();
    at_hand = std::clamp<std::streamsize>(source_.in_avail(), 1, sizeof chunk_);  // never wait for more than is there
    const std::streamsize n = source_.sgetn(chunk_, at_hand);
    setg(chunk_, chunk_, chunk_ + n);
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  std::streambuf& source_;
  std::ostream& out_;
  char chunk_[4096];
};

}  // namespace dance::cli

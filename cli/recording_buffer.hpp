// A stream buffer that passes another one's characters on and keeps a copy
// of all it passed, so that what a reader consumed can be replayed (rank 0
// of an MPI run shares its input this way). It never asks its source for
// more than is at hand, so a reader that stops early does not block.
#pragma once

#include <algorithm>
#include <streambuf>
#include <string>

namespace dance::cli {

class RecordingBuffer : public std::streambuf {
 public:
  explicit RecordingBuffer(std::streambuf& source) : source_(source) {}
  [[nodiscard]] const std::string& recorded() const { return recorded_; }

 protected:
  int_type underflow() override {
    if (traits_type::eq_int_type(source_.sgetc(), traits_type::eof())) return traits_type::eof();
    const auto at_hand = std::clamp<std::streamsize>(source_.in_avail(), 1, sizeof chunk_);
    const std::streamsize n = source_.sgetn(chunk_, at_hand);
    recorded_.append(chunk_, static_cast<std::size_t>(n));
    setg(chunk_, chunk_, chunk_ + n);
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  std::streambuf& source_;
  char chunk_[4096];
  std::string recorded_;
};

}  // namespace dance::cli

// Names to ids without a second copy of the names: an open-addressing table
// of ids whose names live in the owner's vector, so that adding a name costs
// no allocation of its own (a problem may have a million items).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace dlx {

class NameIndex {
 public:
  // The id named `name`, or -1; name_of(id) gives the name of an id added.
  template <class NameOf>
  [[nodiscard]] std::int64_t find(std::string_view name, const NameOf& name_of) const {
    if (slots_.empty()) return -1;
    const std::uint64_t h = hash(name);
    for (std::size_t s = h & mask();; s = (s + 1) & mask()) {
      if (slots_[s] == 0) return -1;
      if (slots_[s] >> 32 == h && name_of(id(slots_[s])) == name) return id(slots_[s]);  // most names need no reading
    }
  }
  // Room for `count` names without growing.
  void reserve(std::size_t count) {
    std::size_t size = std::max<std::size_t>(16, slots_.size());
    while (size < 2 * count) size *= 2;
    if (size > slots_.size()) rehash(size);
  }
  // Adds an id whose name is not in the index yet.
  template <class NameOf>
  void add(std::uint32_t id, const NameOf& name_of) {
    if (2 * (count_ + 1) > slots_.size()) rehash(std::max<std::size_t>(16, 2 * slots_.size()));
    place(hash(name_of(id)) << 32 | (std::uint64_t{id} + 1));
    ++count_;
  }

 private:
  // 32 bits of the name's hash: they place it, and a slot keeps them.
  [[nodiscard]] static std::uint64_t hash(std::string_view name) { return std::hash<std::string_view>{}(name) >> 32; }
  [[nodiscard]] static std::uint32_t id(std::uint64_t slot) { return static_cast<std::uint32_t>(slot) - 1; }
  [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }
  void rehash(std::size_t size) {
    std::vector<std::uint64_t> old(size, 0);
    old.swap(slots_);
    for (const std::uint64_t slot : old)
      if (slot != 0) place(slot);
  }
  void place(std::uint64_t slot) {
    std::size_t s = (slot >> 32) & mask();
    while (slots_[s] != 0) s = (s + 1) & mask();
    slots_[s] = slot;
  }

  std::vector<std::uint64_t> slots_;  // the hash bits << 32 | id + 1, or 0 when empty; a power of two long
  std::size_t count_ = 0;
};

}  // namespace dlx

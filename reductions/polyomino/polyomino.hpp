// `polyomino`: pack pieces (any polyominoes, turned and flipped freely) into a
// region, every open cell covered once. Knuth's polyomino packing as one
// reduction; the second worked example of docs/writing-a-reduction.md.
//
// Input (docs/polyomino.md): blocks of lines. `piece NAME [COUNT]` followed
// by the piece's rows (any character but '.' and space is a cell), and one
// `region` followed by its rows ('.' open, anything else blocked).
//
// Exact cover: a primary item per piece (covered COUNT times, multiplicities
// when COUNT > 1) and per open cell; an option per placement of a piece.
#pragma once

#include "dance/reduction.hpp"

namespace dance::polyomino {

using Cell = std::pair<int, int>;  // row, column
using Shape = std::vector<Cell>;   // sorted, the top row and leftmost column at 0

struct Piece {
  std::string name;
  int count = 1;
  Shape shape;
};

struct Placement {
  std::size_t piece;  // index into the pieces
  Shape cells;        // on the region
};

struct PolyominoInstance : Instance {
  std::vector<Piece> pieces;
  std::vector<std::string> region;  // rows; '.' open
  // Every way to put a piece on the region, in option order (computed by the
  // reader, so that encode and decode share it).
  std::vector<Placement> placements;
  // Why there is no packing on the face of it (the areas differ): then no
  // placements are listed.
  std::optional<std::string> impossible;
};

struct PolyominoAnswer : Answer {
  std::vector<Placement> placements;
};

// Every way to turn and flip a shape (up to 8), each normalised, no repeats.
std::vector<Shape> orientations(const Shape& shape);

class PolyominoReduction final : public TypedReduction<PolyominoInstance, PolyominoAnswer> {
 public:
  [[nodiscard]] std::string_view name() const override { return "polyomino"; }
  [[nodiscard]] std::string_view summary() const override {
    return "pack polyominoes, turned and flipped, into a region (pentominoes and the like)";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const PolyominoInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<PolyominoAnswer> decode(const PolyominoInstance& instance,
                                               std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const PolyominoInstance& instance, const PolyominoAnswer& answer) const override;
  void print(std::ostream& out, const PolyominoInstance& instance, const PolyominoAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const PolyominoInstance& instance, const PolyominoAnswer& answer) const override;
  [[nodiscard]] std::vector<Writer<PolyominoInstance, PolyominoAnswer>> writers() const override;
  [[nodiscard]] std::string text_help() const override { return "each packing as the region's rows, a cell the first letter of its piece"; }
};

}  // namespace dance::polyomino

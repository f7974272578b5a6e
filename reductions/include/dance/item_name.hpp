// A name of the user's (a vertex, a piece) as the name of an item, or a part
// of one, that no other name can be taken for.
#pragma once

#include <string>
#include <string_view>

namespace dance {

// `name` with '%' and the characters the encodings build names with written
// %XX: '#' begins an encoding's own items (#start, #skip, #step0), '>' marks
// an arc's end (a>, >a), '-' joins an edge's ends (a-b), ',' a cell's row
// and column (3,4). So vertex "a-b" and the edge between a and b, or a piece
// named "1,2" and the cell 1,2, are items of their own.
[[nodiscard]] std::string item_name(std::string_view name);

}  // namespace dance

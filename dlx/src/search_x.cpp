// The search loop compiled for Algorithm X: plain, with covers kept between siblings, and with the ring of forced items.
#include "search.hpp"

namespace dlx {

template class Search<false, false>;
template class Search<false, false, true>;
template class Search<false, false, false, true>;

}  // namespace dlx

//! The legal moves of a position, generated into a reused list.

use std::sync::Arc;

use tama_core::{Move, Position, Rules};

thread_local! {
    /// A move list to generate into: `MoveList::new` writes its whole
    /// inline array (4 KiB), which costs more than generating the moves.
    static SCRATCH: std::cell::RefCell<tama_core::MoveList> =
        std::cell::RefCell::new(tama_core::MoveList::new());
}

/// The legal moves of `pos`.
pub(crate) fn generate(pos: &Position, rules: &Rules) -> Arc<[Move]> {
    SCRATCH.with_borrow_mut(|list| {
        pos.generate_moves(rules, list);
        Arc::from(list.as_slice())
    })
}

//! Text formats for Armenian draughts.

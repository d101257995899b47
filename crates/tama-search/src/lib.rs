//! Search and evaluation for Armenian draughts.

//! Positions with a capture pending: which positions the tables store
//! ([`is_stored`], the one definition), and how the value of one that is
//! not stored is gathered from the positions its captures lead to
//! ([`FromCaptures`], with a per-thread pool of move lists for it).

use std::cell::RefCell;

use tama_core::{MoveList, Position, Rules};
use tama_search::Wdl;

/// Whether the tables store `pos`'s value: every position but those with
/// a capture pending, except that a position with one piece each is
/// stored (as a draw) where the rules end the game there.
#[inline]
pub(crate) fn is_stored(pos: &Position, rules: &Rules) -> bool {
    !pos.has_capture() || pos.is_draw_one_each(rules)
}

/// The value of a position with a capture pending, gathered from the
/// values of the positions its captures lead to (for the opponent): a win
/// if one is lost, else unknown if one is not covered, else a draw if one
/// is drawn, else a loss.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FromCaptures {
    /// A capture leads to a position lost for the opponent: no other
    /// child can change the value.
    pub won: bool,
    draw: bool,
    uncovered: bool,
}

impl FromCaptures {
    /// Notes the value of one child, for the opponent (`None`: not
    /// covered).
    #[inline]
    pub fn note(&mut self, child: Option<Wdl>) {
        match child {
            Some(Wdl::Loss) => self.won = true,
            Some(Wdl::Draw) => self.draw = true,
            Some(Wdl::Win) => {}
            None => self.uncovered = true,
        }
    }

    /// The value for the side to move from the children noted.
    pub fn value(self) -> Option<Wdl> {
        if self.won {
            Some(Wdl::Win)
        } else if self.uncovered {
            None
        } else if self.draw {
            Some(Wdl::Draw)
        } else {
            Some(Wdl::Loss)
        }
    }
}

thread_local! {
    /// Move lists for the captures of probed positions, reused: a new
    /// list writes its whole inline array, which costs more than the
    /// capture generation (and boxed, so that taking one moves no array).
    static LISTS: RefCell<Vec<Box<MoveList>>> = const { RefCell::new(Vec::new()) };
}

/// An empty move list from this thread's pool.
pub(crate) fn take_list() -> Box<MoveList> {
    LISTS
        .with(|l| l.borrow_mut().pop())
        .map_or_else(Box::default, |mut list| {
            list.clear();
            list
        })
}

/// Gives a list back to this thread's pool.
pub(crate) fn put_list(list: Box<MoveList>) {
    LISTS.with(|l| l.borrow_mut().push(list));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        tama_notation::parse_fen(fen).expect("valid").position
    }

    fn gathered(children: &[Option<Wdl>]) -> Option<Wdl> {
        let mut c = FromCaptures::default();
        for &child in children {
            c.note(child);
        }
        c.value()
    }

    #[test]
    fn one_lost_child_wins_else_uncovered_then_draw_then_loss() {
        use Wdl::{Draw, Loss, Win};
        // A capture into a lost position wins, whatever the others are.
        assert_eq!(gathered(&[Some(Win), None, Some(Loss)]), Some(Win));
        // Without one, a child the tables do not cover leaves it unknown.
        assert_eq!(gathered(&[Some(Draw), None]), None);
        assert_eq!(gathered(&[Some(Win), Some(Draw)]), Some(Draw));
        assert_eq!(gathered(&[Some(Win), Some(Win)]), Some(Loss));
        // Noting stops early on a win: `won` says so.
        let mut c = FromCaptures::default();
        c.note(Some(Win));
        assert!(!c.won);
        c.note(Some(Loss));
        assert!(c.won);
    }

    #[test]
    fn positions_with_a_capture_pending_are_not_stored() {
        // A white king in front of a black man it can take (both rule sets
        // move kings along files).
        let taking = pos("W:WKd4,Ka1:Bd5,Kh8");
        assert!(taking.has_capture());
        assert!(!is_stored(&taking, &Rules::ARMENIAN));
        assert!(!is_stored(&taking, &Rules::TURKISH));
        let quiet = pos("W:WKa1:Bh8");
        assert!(!quiet.has_capture());
        assert!(is_stored(&quiet, &Rules::ARMENIAN));
        // One piece each with a capture pending: a draw where the rules
        // end the game there, so stored.
        let one_each = pos("W:WKd4:Bd5");
        assert!(one_each.has_capture());
        assert_eq!(
            is_stored(&one_each, &Rules::TURKISH),
            one_each.is_draw_one_each(&Rules::TURKISH)
        );
        assert!(is_stored(&one_each, &Rules::TURKISH));
    }

    #[test]
    fn the_pool_hands_out_empty_lists() {
        let mut list = take_list();
        pos("W:WKd4:Bd5").generate_moves(&Rules::TURKISH, &mut list);
        assert!(!list.is_empty());
        put_list(list);
        assert!(take_list().is_empty());
    }
}

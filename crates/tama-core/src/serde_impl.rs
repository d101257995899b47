//! `serde` forms (the `serde` feature): a colour is its name (`"white"`),
//! a termination its description (`"no legal move"`), the words the
//! `Display` forms use, so that JSON and text agree. `Outcome` derives
//! its object from these.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Color, Termination};

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let name = String::deserialize(d)?;
        [Color::White, Color::Black]
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| {
                D::Error::custom(format!("unknown colour `{name}`: expected white or black"))
            })
    }
}

impl Serialize for Termination {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.description())
    }
}

impl<'de> Deserialize<'de> for Termination {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Termination, D::Error> {
        let text = String::deserialize(d)?;
        Termination::ALL
            .into_iter()
            .find(|t| t.description() == text)
            .ok_or_else(|| D::Error::custom(format!("unknown termination `{text}`")))
    }
}

//! `PolygonLinks`: the links leaving one polygon, in the text's order, as
//! [`Link`]s built by value from its tile's table, which keeps them packed
//! (`StoredLink`, issue 24).

use std::iter::FusedIterator;

use crate::stitch::links::Link;
use crate::stitch::stored_link::StoredLink;

#[derive(Debug, Clone, Default)]
pub struct PolygonLinks<'a> {
    stored: std::slice::Iter<'a, StoredLink>,
}

impl<'a> PolygonLinks<'a> {
    pub(crate) fn new(stored: &'a [StoredLink]) -> PolygonLinks<'a> {
        PolygonLinks { stored: stored.iter() }
    }
}

impl Iterator for PolygonLinks<'_> {
    type Item = Link;

    #[inline]
    fn next(&mut self) -> Option<Link> {
        self.stored.next().map(|stored| stored.link())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.stored.size_hint()
    }
}

impl DoubleEndedIterator for PolygonLinks<'_> {
    fn next_back(&mut self) -> Option<Link> {
        self.stored.next_back().map(|stored| stored.link())
    }
}

impl ExactSizeIterator for PolygonLinks<'_> {}

impl FusedIterator for PolygonLinks<'_> {}

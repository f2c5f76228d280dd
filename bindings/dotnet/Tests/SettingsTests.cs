// NavSettings: the documented defaults, validating setters, authored links
// and the parameters the settings produce.
using System;

namespace Onav.Tests
{
    static class SettingsTests
    {
        internal static void Run()
        {
            using (var settings = new NavSettings())
            {
                Check.Equal(32.0, settings.TileSize, "default TileSize");
                Check.Equal(0.25, settings.CellSize, "default CellSize");
                Check.Equal(0.5f, settings.AgentRadius, "default AgentRadius");
                Check.Equal(Partition.Watershed, settings.Partition, "default Partition");
                Check.Equal((byte)63, settings.Area, "default Area");
                Check.Equal((ushort)1, settings.Flags, "default Flags");

                settings.Partition = Partition.Monotone;
                settings.AgentRadius = 0.75f;
                Check.Equal(Partition.Monotone, settings.Partition, "Partition set");
                Check.Equal(0.75f, settings.ToParams().AgentRadius, "ToParams carries AgentRadius");
                Check.Throws<ArgumentOutOfRangeException>(() => settings.CellSize = -1, "a negative CellSize");
                Check.Equal(0.25, settings.CellSize, "a refused value changes nothing");

                ulong digest = settings.ToParams().SettingsDigest;
                var link = new OffMeshLinkDefinition { Start = new Double3(1, 0, 1), End = new Double3(5, 0, 5), Radius = 0.5, Area = 2, Flags = 1, UserId = 9, Bidirectional = true };
                settings.OffMeshLinks = new[] { link };
                OffMeshLinkDefinition[] links = settings.OffMeshLinks;
                Check.That(links.Length == 1 && links[0].UserId == 9 && links[0].Bidirectional && links[0].End.Z == 5, "authored links round trip");
                Check.That(settings.ToParams().SettingsDigest != digest, "authored links change the settings digest");

                using (NavSettings copy = settings.Clone())
                {
                    copy.AgentRadius = 1;
                    Check.Equal(0.75f, settings.AgentRadius, "a clone is independent");
                }
            }
        }
    }
}

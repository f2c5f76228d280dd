// Crowd and WorldCrowd on test_crowd.c's level (two 32x32 squares side by
// side, tiles (0,0) and (1,0)): agents stepped until they arrive and read
// back in one call per step; a removed agent's stale handle; the scripted
// scenario's state hash equal to the one the C API gives (crowd_scenario.c);
// a WorldCrowd over two classes whose agents do not see each other.
using System;
using System.Runtime.InteropServices;

namespace Onav.Tests
{
    static class CrowdTests
    {
        [DllImport("onav_crowd_scenario", CallingConvention = CallingConvention.Cdecl)]
        static extern int onav_test_scripted_crowd_hash([Out] byte[] hash);

        const int MaxTicks = 900;

        internal static void Run()
        {
            using (NavMesh navMesh = StripNavMesh())
            {
                AgentsArrive(navMesh);
                StaleHandle(navMesh);
                HashEqualsCApi(navMesh);
            }
            WorldCrowdClasses();
        }

        static NavTileInput2D Square(int tileX)
        {
            double x = 32.0 * tileX;
            return new NavTileInput2D
            {
                TileX = tileX,
                Vertices = new[] { new Double2(x, 0), new Double2(x + 32, 0), new Double2(x + 32, 32), new Double2(x, 32) },
                VertexCounts = new byte[] { 4 },
                Indices = new uint[] { 0, 1, 2, 3 },
            };
        }

        static NavSettings StripSettings(float radius, ushort flags)
        {
            return new NavSettings { TileSize = 32.0, AgentRadius = radius, Flags = flags };
        }

        static NavMesh StripNavMesh()
        {
            using (NavSettings settings = StripSettings(0.5f, 1))
            {
                return NavMesh.Build2D(settings, new[] { Square(0), Square(1) });
            }
        }

        static double DistanceXZ(Double3 a, Double3 b)
        {
            return Math.Sqrt((a.X - b.X) * (a.X - b.X) + (a.Z - b.Z) * (a.Z - b.Z));
        }

        static bool AnyWalking(AgentState[] states)
        {
            foreach (AgentState state in states)
            {
                if (state.State == AgentStateKind.Walking || state.State == AgentStateKind.OffMeshLink) return true;
            }
            return false;
        }

        static void AgentsArrive(NavMesh navMesh)
        {
            using (var crowd = new Crowd(navMesh, CrowdSettings.Default))
            {
                AgentParams parameters = AgentParams.Default(0.5, 2.0);
                Double3[] targets = { new Double3(56, 0, 8), new Double3(56, 0, 24) };
                AgentHandle a = crowd.AddAgent(new Double3(8, 0, 8), parameters);
                AgentHandle b = crowd.AddAgent(new Double3(8, 0, 24), parameters);
                Check.That(!a.Equals(b), "two agents have different handles");
                Check.Equal(2, crowd.AgentCount, "two agents added");
                crowd.RequestMoveTarget(a, targets[0]);
                crowd.RequestMoveTarget(b, targets[1]);
                int ticks = 0;
                AgentState[] states;
                do
                {
                    crowd.Step();
                    ticks++;
                    states = crowd.ReadAgents();
                    if (ticks == 1)
                    {
                        StraightPathVertex[] corners = crowd.AgentCorners(a);
                        Check.That(corners.Length > 0 && DistanceXZ(corners[corners.Length - 1].Position, targets[0]) < 1e-9, "the last corner is the target");
                        ulong[] corridor = crowd.AgentCorridor(a);
                        Check.That(corridor.Length > 0 && corridor[0] == states[0].Poly, "the corridor starts at the agent's polygon");
                    }
                } while (AnyWalking(states) && ticks < MaxTicks);
                Check.That(!AnyWalking(states), "the agents stop walking within " + MaxTicks + " ticks");
                Check.Equal((ulong)ticks, crowd.Tick, "Tick counts the steps");
                Check.Equal(2, states.Length, "ReadAgents returns every agent");
                for (int i = 0; i < states.Length; i++)
                {
                    Check.That(states[i].Agent.Equals(i == 0 ? a : b), "agents come in slot order");
                    Check.Equal(AgentStateKind.Arrived, states[i].State, "agent " + i + " arrives");
                    double gap = DistanceXZ(states[i].Position, targets[i]);
                    Check.That(gap <= parameters.ArrivalDistance, "agent " + i + " ends within its arrival distance of its target, at " + gap);
                }
            }
        }

        static void StaleHandle(NavMesh navMesh)
        {
            using (var crowd = new Crowd(navMesh, CrowdSettings.Default))
            {
                AgentParams parameters = AgentParams.Default(0.5, 2.0);
                AgentHandle gone = crowd.AddAgent(new Double3(8, 0, 8), parameters);
                crowd.RemoveAgent(gone);
                AgentHandle reused = crowd.AddAgent(new Double3(8, 0, 8), parameters);
                Check.That(reused.Index == gone.Index && reused.Generation != gone.Generation, "the slot is reused with a new generation");
                var stale = Check.Throws<NavMeshReferenceException>(() => crowd.RemoveAgent(gone), "removing a removed agent");
                Check.That(stale != null && stale.Message.Contains("agent handle"), "the message names the agent handle");
                Check.Throws<NavMeshReferenceException>(() => crowd.RequestMoveTarget(gone, new Double3(56, 0, 8)), "moving a removed agent");
                Check.Throws<InvalidOperationException>(() => crowd.CompleteOffMeshLink(reused), "completing a link of an agent on none");
                Check.Throws<ArgumentOutOfRangeException>(() => AgentParams.Default(-1.0, 2.0), "a negative radius");
                var settings = CrowdSettings.Default;
                settings.Dt = 0;
                Check.Throws<ArgumentOutOfRangeException>(() => new Crowd(navMesh, settings), "a crowd with dt 0");
                Check.Equal(1, crowd.AgentCount, "failed calls change nothing");

                AgentParams walking = parameters;
                walking.MaxSpeed = 0.5;
                crowd.SetAgentParams(reused, walking);
                Check.That(crowd.GetAgentParams(reused).MaxSpeed == 0.5, "new parameters read back");
                Check.That(parameters.TurnStyle == TurnStyle.Inside, "turns taken inside by default");
                walking.TurnStyle = TurnStyle.Wide;
                crowd.SetAgentParams(reused, walking);
                Check.That(crowd.GetAgentParams(reused).TurnStyle == TurnStyle.Wide, "a wide turn style read back");
                AgentParams unknownStyle = walking;
                unknownStyle.TurnStyle = (TurnStyle)2;
                Check.Throws<ArgumentOutOfRangeException>(() => crowd.SetAgentParams(reused, unknownStyle), "an unknown turn style");
                AgentParams bad = walking;
                bad.Radius = -1.0;
                Check.Throws<ArgumentOutOfRangeException>(() => crowd.SetAgentParams(reused, bad), "a negative radius for an agent");
                Check.That(crowd.GetAgentParams(reused).Radius == 0.5, "a refused change changes nothing");
                Check.Throws<NavMeshReferenceException>(() => crowd.GetAgentParams(gone), "the parameters of a removed agent");
            }
        }

        static void HashEqualsCApi(NavMesh navMesh)
        {
            var expected = new byte[32];
            Check.Equal(0, onav_test_scripted_crowd_hash(expected), "the C scenario runs");
            using (var crowd = new Crowd(navMesh, CrowdSettings.Default))
            {
                byte[] fresh = crowd.StateHash();
                for (int i = 0; i < 8; i++)
                {
                    var at = new Double3(3.0 + 7.0 * i, 0, 3.0 + 3.5 * i);
                    AgentHandle agent = crowd.AddAgent(at, AgentParams.Default(0.4 + 0.05 * i, 2.0));
                    crowd.RequestMoveTarget(agent, new Double3(64.0 - at.X, 0, 32.0 - at.Z));
                }
                // The C side steps on the pool, this side on the calling thread.
                for (int tick = 0; tick < 120; tick++) crowd.StepOnCallingThread();
                byte[] actual = crowd.StateHash();
                Check.Equal(BitConverter.ToString(expected), BitConverter.ToString(actual), "the same scenario hashes the same through C# and C");
                Check.That(BitConverter.ToString(fresh) != BitConverter.ToString(actual), "the stepped crowd's hash differs from the empty one's");
            }
        }

        static void WorldCrowdClasses()
        {
            using (NavSettings small = StripSettings(0.5f, 0x4))
            using (NavSettings large = StripSettings(1.5f, 0x8))
            using (NavWorld world = NavWorld.Build2D(new[] { small, large }, new[] { Square(0), Square(1) }))
            using (var crowd = new WorldCrowd(world, CrowdSettings.Default))
            {
                Check.Equal(2, crowd.ClassCount, "one crowd per class");
                Check.Equal(0, crowd.ClassFor(0.4), "ClassFor(0.4)");
                Check.Equal(1, crowd.ClassFor(1.0), "ClassFor(1.0)");
                AgentParams smallAgent = AgentParams.Default(0.4, 2.0);
                AgentParams largeAgent = AgentParams.Default(1.0, 2.0);
                var target = new Double3(56, 0, 16);
                WorldAgentHandle a = crowd.AddAgent(new Double3(8, 0, 16), smallAgent);
                WorldAgentHandle b = crowd.AddAgent(new Double3(8, 0, 16), largeAgent);
                Check.That(a.ClassIndex == 0 && b.ClassIndex == 1, "each agent joins its radius's class");
                crowd.RequestMoveTarget(a, target);
                crowd.RequestMoveTarget(b, target);
                for (int tick = 0; tick < MaxTicks; tick++)
                {
                    if (tick % 2 == 0) crowd.Step(); else crowd.StepOnCallingThread();
                }
                Check.Equal((ulong)MaxTicks, crowd.Tick, "Tick counts the steps of both kinds");
                AgentState[] states = crowd.ReadAgents();
                Check.Equal(2, states.Length, "ReadAgents returns every class's agents");
                for (int i = 0; i < states.Length; i++)
                {
                    Check.That(states[i].WorldAgent.Equals(i == 0 ? a : b), "agents come class after class");
                    Check.Equal(AgentStateKind.Arrived, states[i].State, "agent of class " + i + " arrives");
                    double arrival = (i == 0 ? smallAgent : largeAgent).ArrivalDistance;
                    Check.That(DistanceXZ(states[i].Position, target) <= arrival, "agent of class " + i + " ends at the target, through the other's start");
                }

                WorldAgentHandle added = crowd.AddAgent(0, new Double3(40, 0, 8), largeAgent);
                Check.Equal(0u, added.ClassIndex, "AddAgent to a class ignores the radius");
                crowd.SetPosition(added, new Double3(44, 0, 8));
                crowd.SetAgentParams(added, smallAgent);
                Check.That(crowd.GetAgentParams(added).Radius == smallAgent.Radius && added.ClassIndex == 0, "new parameters keep the agent in its class");
                Check.That(crowd.AgentCorners(added).Length == 0 && crowd.AgentCorridor(added).Length == 1, "an agent standing has no corners and its own polygon");
                crowd.RequestMoveVelocity(added, new Double3(1, 0, 0));
                crowd.ResetMoveTarget(added);
                crowd.RemoveAgent(added);
                Check.Throws<NavMeshReferenceException>(() => crowd.RemoveAgent(added), "removing a removed world agent");
                Check.Throws<ArgumentOutOfRangeException>(() => crowd.AddAgent(2, new Double3(40, 0, 8), largeAgent), "a class the world does not have");
                crowd.SetWorld(world);
                Check.Equal(2, crowd.AgentCount, "failed calls change nothing");
            }
        }
    }
}
